/**
 * The development outbox (DEV-1, AUTH-5, SAFE-1): the codes the reference server sent, readable only when its
 * development mailbox is on (outside production, on a loopback bind or with DEV_MAILBOX=1). Not in the registry of
 * `api.ts` (so not in the OpenAPI document): a production server has no such route.
 */
import { z } from 'zod';
import { queryInt } from '../schemas/strict';
import { defineEndpoint } from './endpoint';
import { Email, Phone } from '../schemas/user';

/** The most messages one listing returns. */
const OUTBOX_MAX_LIMIT = 100;

export const OutboxMessage = z.object({
  channel: z.enum(['email', 'phone']),
  /** The email address or the phone number (E.164) the code went to. */
  address: z.string(),
  /** The purpose: register, backPwd, bind, unbind, ... */
  codeType: z.string(),
  code: z.string(),
  /** When it was sent, ms since the epoch. */
  createTime: z.number().int(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

/** Query of the listing: one address, or every address; how many (server default 10 with `to`, 50 without). */
export const OutboxQuery = z.object({
  to: z.union([Email, Phone]).optional(),
  limit: queryInt(z.number().int().min(1).max(OUTBOX_MAX_LIMIT)).optional(),
});

export const devApi = {
  outbox: defineEndpoint({
    method: 'GET',
    path: '/api/_test/outbox',
    summary: 'The latest codes sent, newest first: to one address (`to`) or to every address',
    query: OutboxQuery,
    data: z.array(OutboxMessage),
  }),
};
