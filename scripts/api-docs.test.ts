/**
 * The gate on docs/api (CONF-11): the committed socket page is what `npm run api:docs` writes from today's
 * src/shared/protocol.ts, so a change to the protocol cannot leave it stale. The OpenAPI half runs in
 * server/src/http/server.test.ts, on the server that file already starts (no second start-up).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_DOCS_DIR, STALE_DOCS, generateSocketMd } from './api-docs';

describe('docs/api', () => {
  it('[CONF-11] [CONF-10] docs/api/socket.md is what the generator writes from src/shared/protocol.ts', () => {
    const committed = readFileSync(join(API_DOCS_DIR, 'socket.md'), 'utf8');
    expect(committed === generateSocketMd(), `docs/api/socket.md ${STALE_DOCS}`).toBe(true);
  });
});
