/**
 * Validation of one inbound socket frame (WS-10: every inbound frame is validated). Never throws.
 * Reasons: BAD_JSON, BAD_FRAME (wrong shape, unknown op or type, binary), TOO_LARGE.
 */
import { ClientFrame, MAX_CLIENT_FRAME_BYTES } from '../../../src/shared/protocol';

export type Inbound =
  | { ok: true; frame: ClientFrame }
  | { ok: false; reason: 'BAD_JSON' | 'BAD_FRAME' | 'TOO_LARGE'; message: string; id?: string };

type RawData = Buffer | ArrayBuffer | Buffer[];

function byteLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((n, b) => n + b.length, 0);
  return data.byteLength;
}

function toText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

export function parseInbound(data: RawData, isBinary: boolean): Inbound {
  const size = byteLength(data);
  if (size > MAX_CLIENT_FRAME_BYTES) {
    return {
      ok: false,
      reason: 'TOO_LARGE',
      message: `Frame of ${size} bytes is over the limit of ${MAX_CLIENT_FRAME_BYTES} bytes`,
    };
  }
  if (isBinary) return { ok: false, reason: 'BAD_FRAME', message: 'Binary frames are not accepted: send JSON text' };
  let json: unknown;
  try {
    json = JSON.parse(toText(data));
  } catch {
    return { ok: false, reason: 'BAD_JSON', message: 'Frame is not valid JSON' };
  }
  const id =
    typeof json === 'object' &&
    json !== null &&
    typeof (json as { id?: unknown }).id === 'string' &&
    (json as { id: string }).id.length <= 64
      ? (json as { id: string }).id
      : undefined;
  const r = ClientFrame.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0];
    const where = issue?.path?.length ? `${issue.path.join('.')}: ` : '';
    return {
      ok: false,
      reason: 'BAD_FRAME',
      message: `Invalid frame: ${where}${issue?.message ?? 'unexpected shape'}`.slice(0, 300),
      id,
    };
  }
  return { ok: true, frame: r.data };
}
