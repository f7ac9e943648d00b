/**
 * Image upload (POST /api/common/upload/OSS, multipart field "file") and serving
 * (GET /api/common/file/<id>). Images only, recognised by content, then decoded and re-encoded by sharp
 * (../images.ts, SAFE-17: dimensions capped, metadata stripped, only the re-encoding stored); at most 5 MB; stored
 * under DATA_DIR/uploads/<userId>/ (folders 0700, files 0600, SAFE-30); at most 30 a day per user; served only to
 * their owner (anyone else gets code 0 "Not found").
 * The reply's url is fetched with the satoken header (an <img> cannot send it: use a blob URL).
 */
import { chmodSync, createReadStream, existsSync, mkdirSync, readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '../../../../src/shared/api/envelope';
import { userApi } from '../../../../src/shared/api/user';
import type { Identity } from '../service';
import { ApiFail, TooManyRequests, envelopeOfFailure } from '../../http/failures';
import type { IdentityRouter } from '../service';
import { imageReencoder } from '../images';
import { randomId } from '../users';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Uploads per user per 24 h: identity verification needs three; this keeps one account from filling the disk. */
export const MAX_UPLOADS_PER_DAY = 30;
export const FILE_PATH = '/api/common/file/';
const TOO_LARGE = 'The image is larger than 5 MB';

export const uploadsDir = (acc: Identity) => join(acc.dataDir, 'uploads');

/** Folder and file modes of the uploads (SAFE-30): only the server's user reads them. */
export const UPLOAD_DIR_MODE = 0o700;
export const UPLOAD_FILE_MODE = 0o600;

/** A folder of the uploads, created (or, existing, set) 0700. */
function secureDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: UPLOAD_DIR_MODE });
  chmodSync(dir, UPLOAD_DIR_MODE);
}

/** At start: the uploads folder, its user folders and their files get the modes of SAFE-30 (older data included). */
function secureUploads(root: string): void {
  secureDir(root);
  for (const d of readdirSync(root, { withFileTypes: true })) {
    if (!d.isDirectory()) continue;
    const dir = join(root, d.name);
    chmodSync(dir, UPLOAD_DIR_MODE);
    for (const f of readdirSync(dir, { withFileTypes: true }))
      if (f.isFile()) chmodSync(join(dir, f.name), UPLOAD_FILE_MODE);
  }
}

/** The id in an upload URL, if it is one. */
export function uploadIdOf(url: string): string | undefined {
  return url.startsWith(FILE_PATH) ? url.slice(FILE_PATH.length) : undefined;
}

/** Does this upload URL name an image the user owns? */
export function ownsUpload(acc: Identity, userId: number, url: string): boolean {
  const id = uploadIdOf(url);
  return !!id && acc.db.prepare('SELECT 1 FROM uploads WHERE id = ? AND user_id = ?').get(id, userId) !== undefined;
}

/** Envelope of an error thrown in these two routes (they stream, so they do not go through route()). */
function replyError(acc: Identity, err: unknown) {
  const env = envelopeOfFailure(err);
  if (env) return env;
  acc.log.error({ event: 'accounts_error', err: String((err as Error)?.stack ?? err) });
  return fail('System error');
}

export function registerUploadRoutes(app: FastifyInstance, r: IdentityRouter, acc: Identity): void {
  secureUploads(uploadsDir(acc));
  const reencode = imageReencoder();
  app.post(userApi.uploadOSS.path, async (req) => {
    try {
      const { user } = await r.requireSession(req);
      if (!req.isMultipart()) throw new ApiFail('Send the image as multipart/form-data in the field "file"');
      const checkDailyLimit = () => {
        const today = acc.db
          .prepare('SELECT COUNT(*) AS n FROM uploads WHERE user_id = ? AND created_at > ?')
          .get(user.id, acc.clock.now() - 24 * 3600_000) as { n: number };
        if (today.n >= MAX_UPLOADS_PER_DAY) throw new ApiFail('Too many uploads today, try again tomorrow');
      };
      checkDailyLimit();
      const part = await req.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
      if (!part) throw new ApiFail('No image in the upload');
      let buf: Buffer;
      try {
        buf = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiFail(TOO_LARGE);
        throw err;
      }
      if (part.file.truncated || buf.length > MAX_UPLOAD_BYTES) throw new ApiFail(TOO_LARGE);
      if (buf.length === 0) throw new ApiFail('The image is empty');
      const { bytes, type } = await reencode(buf);
      checkDailyLimit(); // again: parallel uploads of one user waited together (from here on synchronous)

      const id = randomId(16);
      secureDir(uploadsDir(acc));
      secureDir(join(uploadsDir(acc), String(user.id)));
      const file = join(String(user.id), `${id}.${type.ext}`);
      const full = join(uploadsDir(acc), file);
      writeFileSync(full, bytes, { flag: 'wx', mode: UPLOAD_FILE_MODE });
      try {
        chmodSync(full, UPLOAD_FILE_MODE);
        acc.db
          .prepare('INSERT INTO uploads (id, user_id, file, mime, size, created_at) VALUES (?, ?, ?, ?, ?, ?)')
          .run(id, user.id, file, type.mime, bytes.length, acc.clock.now());
      } catch (err) {
        unlinkSync(full);
        throw err;
      }
      return ok({ url: FILE_PATH + id });
    } catch (err) {
      if (err instanceof TooManyRequests) throw err; // the error handler answers 429 with Retry-After
      const code = (err as { code?: unknown } | undefined)?.code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') return fail(TOO_LARGE);
      if (typeof code === 'string' && code.startsWith('FST_'))
        return fail('The upload could not be read: send one image in the field "file"');
      return replyError(acc, err);
    }
  });

  app.get<{ Params: { id: string } }>(`${FILE_PATH}:id`, async (req, reply) => {
    try {
      const { user } = await r.requireSession(req);
      const row = acc.db
        .prepare('SELECT file, mime, size FROM uploads WHERE id = ? AND user_id = ?')
        .get(req.params.id, user.id) as { file: string; mime: string; size: number } | undefined;
      const full = row ? join(uploadsDir(acc), row.file) : '';
      if (!row || !existsSync(full)) return fail('Not found');
      reply
        .header('content-type', row.mime)
        .header('content-length', row.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, no-store');
      return reply.send(createReadStream(full));
    } catch (err) {
      return replyError(acc, err);
    }
  });
}
