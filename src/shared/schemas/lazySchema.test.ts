import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazySchema, lazySchemasBuilt } from './lazySchema';

/** The schema exports of a module that are still built when it is evaluated (each of these is named on purpose). */
const EAGER: Record<string, string[]> = {
  // a discriminated union whose options the API document lists (scripts/api-docs.ts reads `.options`)
  '../protocol': ['SettlementData'],
  // enumerations whose `.options` the app reads, the strict `SignType` (strictInputs knows it by identity), and the
  // bodies and queries of the calls (objects the server's strict-input walk reads field by field)
  './user': [
    'CodeType',
    'RegisterType',
    'KycLevel',
    'KycState',
    'SignType',
    'RegisterBody',
    'LoginBody',
    'AddressLoginBody',
    'UpdateLoginPwdQuery',
    'BackPwdQuery',
    'SendEmailCodeQuery',
    'BindEmailQuery',
    'SendMobileCodeQuery',
    'BindPhoneQuery',
    'UnBindPhoneQuery',
    'LoginOutBody',
    'TradePwdSetQuery',
    'UpdatePwdQuery',
    'UploadKycQuery',
    'UpdateWithdrawAddressQuery',
    'WatchlistBody',
  ],
};

describe('[PERF-98] schemas are built on their first use, not when their module is evaluated', () => {
  it('[PERF-98] importing protocol.ts and schemas/user.ts builds none of their lazy schemas', async () => {
    vi.resetModules();
    const modules = { '../protocol': await import('../protocol'), './user': await import('./user') };
    const counter = await import('./lazySchema');
    expect(counter.lazySchemasBuilt()).toBe(0);
    for (const [name, mod] of Object.entries(modules)) {
      const eager = Object.entries(mod)
        .filter(([, v]) => v instanceof z.ZodType && !(v instanceof z.ZodLazy))
        .map(([k]) => k);
      expect(eager.sort(), name).toEqual([...EAGER[name]].sort());
    }
    // the first parse builds what it needs, once
    const { ServerFrame } = modules['../protocol'];
    const frame = { type: 'HEARTBEAT', origin: 'x', data: { serverTime: 1 }, seq: 1, ts: 2 };
    expect(ServerFrame.parse(frame)).toEqual(frame);
    const afterFirst = counter.lazySchemasBuilt();
    expect(afterFirst).toBeGreaterThan(0);
    ServerFrame.parse(frame);
    expect(counter.lazySchemasBuilt()).toBe(afterFirst);
  });

  it('[PERF-98] a lazy schema parses, refuses and transforms exactly as the schema it wraps, and is built once', () => {
    const build = () =>
      z
        .object({
          email: z.string().trim().toLowerCase().max(254).pipe(z.email('Invalid email address')),
          phone: z
            .string()
            .regex(/^\+?[0-9]{6,20}$/, 'Invalid phone number')
            .transform((v) => (v.startsWith('+') ? v : '+' + v))
            .optional(),
          kind: z.enum(['a', 'b']),
        })
        .strict()
        .superRefine((v, ctx) => {
          if (v.kind === 'b' && !v.phone) ctx.addIssue({ code: 'custom', message: 'b needs a phone', path: ['phone'] });
        });
    const eager = build();
    const before = lazySchemasBuilt();
    const lazy = lazySchema(build);
    expect(lazySchemasBuilt()).toBe(before);
    const inputs: unknown[] = [
      { email: ' A@B.co ', kind: 'a' },
      { email: 'a@b.co', phone: '14155550100', kind: 'b' },
      { email: 'a@b.co', kind: 'b' },
      { email: 'nope', phone: 'x', kind: 'c' },
      { email: 'a@b.co', kind: 'a', extra: 1 },
      null,
      'text',
    ];
    for (const input of inputs) {
      const a = eager.safeParse(input);
      const b = lazy.safeParse(input);
      expect(b.success, JSON.stringify(input)).toBe(a.success);
      expect(b.data).toEqual(a.data);
      expect(b.error?.issues).toEqual(a.error?.issues);
    }
    expect(lazySchemasBuilt()).toBe(before + 1);
    // inside another schema, optional as the original
    expect(z.object({ x: lazy.optional() }).parse({})).toEqual({});
    expect(z.object({ x: lazy }).safeParse({}).success).toBe(false);
  });
});
