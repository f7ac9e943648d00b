/**
 * The inbox's calls (MSG-*; src/shared/api/inbox.ts): thin. Marking read moves no money and is idempotent by
 * nature (no Idempotency-Key). The operator's `POST /api/_ops/announce {title, body, texts?, userIds?}` (MSG-7; `texts`
 * the title and text per language, OPC-11, beside `title`/`body` in the operator's default language) is refused
 * unless the header `x-ops-token` carries the operator token (like the chain's ops routes).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { inboxApi } from '../../../src/shared/api/inbox';
import { CODE_FAIL, CODE_OK } from '../../../src/shared/api/envelope';
import { ApiFail, describeZodError } from '../http/failures';
import type { IdentityRouter } from '../identity/service';
import type { InboxService } from './service';

export const ANNOUNCE_PATH = '/api/_ops/announce';
const OPS_TOKEN_HEADER = 'x-ops-token';

export const AnnounceBody = z.object({
  title: z.string().trim().min(1, 'the announcement needs a title').max(120, 'at most 120 characters'),
  body: z.string().trim().min(1, 'the announcement needs a text').max(5000, 'at most 5000 characters'),
  texts: z
    .record(
      z.string(),
      z.object({
        title: z.string().trim().min(1, 'the announcement needs a title').max(120, 'at most 120 characters'),
        body: z.string().trim().min(1, 'the announcement needs a text').max(5000, 'at most 5000 characters'),
      }),
    )
    .superRefine((texts, ctx) => {
      for (const lang of Object.keys(texts))
        if (!/^[a-z]{2,3}$/.test(lang))
          ctx.addIssue({ code: 'custom', path: [lang], message: 'not a language code such as en, ar or zh' });
    })
    .optional(),
  userIds: z
    .array(z.number().int().positive())
    .min(1, 'name at least one user, or leave userIds out')
    .max(10_000)
    .optional(),
});

export function registerInboxRoutes(r: IdentityRouter, inbox: InboxService): void {
  r.route(inboxApi.messageList, ({ user, query, lang }) => inbox.list(user.id, query, lang));
  r.route(inboxApi.messageDetail, ({ user, query, lang }) => inbox.detail(user.id, query.id, lang));
  r.route(inboxApi.messageUnread, ({ user }) => inbox.unread(user.id));
  r.route(inboxApi.messageRead, ({ user, body }) => inbox.read(user.id, body));
}

function sameToken(given: unknown, token: string | undefined): boolean {
  if (typeof given !== 'string' || !token) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `opsToken()` is asked at each call (the deposits module may write the token after this mounts). */
export function registerAnnounceRoute(
  app: FastifyInstance,
  inbox: InboxService,
  opsToken: () => string | undefined,
): void {
  app.post(ANNOUNCE_PATH, async (req) => {
    if (!sameToken(req.headers[OPS_TOKEN_HEADER], opsToken()))
      return { code: CODE_FAIL, msg: 'Operator token missing or wrong', data: null };
    const b = AnnounceBody.safeParse(req.body ?? {});
    if (!b.success) return { code: CODE_FAIL, msg: describeZodError('Invalid body', b.error), data: null };
    try {
      return { code: CODE_OK, msg: 'success', data: inbox.announce(b.data) };
    } catch (err) {
      if (err instanceof ApiFail) return { code: err.code, msg: err.message, data: null };
      throw err;
    }
  });
}
