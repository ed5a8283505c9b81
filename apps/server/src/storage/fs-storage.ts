import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, constants, link, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { AppError } from '../errors/app-error';
import {
  assertValidExpiry,
  assertValidKey,
  assertValidPrefix,
  DEFAULT_LIST_LIMIT,
  type ListedObject,
  type ListOptions,
  type ObjectStorage,
  type PutOptions,
  type StoredObject,
} from './object-storage';
import { encodeKeyPath, signatureMatches, signRequest, type SignedRequest } from './url-signer';

export interface FsStorageOptions {
  root: string;
  signingSecret: string;
  /** Public base URL of this server; a function because PORT=0 is only known after listen. */
  baseUrl: () => string;
  /** Milliseconds clock; tests move it to mint already expired URLs. */
  now?: () => number;
}

export interface FsPutOptions extends PutOptions {
  /**
   * Asked once the body has been received, before the object is put in place, and again after:
   * false throws CONFLICT and leaves no object. Lets a PUT that was still streaming when its
   * upload was closed (checked, discarded, swept) end without leaving an object nothing references.
   */
  stillWanted?: () => Promise<boolean>;
}

const metaSchema = z.object({ contentType: z.string() });

/** URL prefix under which this server answers fs-presigned URLs (see features/files). */
export const FILES_ROUTE_PREFIX = '/files';

/**
 * Objects as plain files under `root`, with the content type in `root/.meta/<key>.json`. Writes go to
 * `root/.tmp` and are renamed into place, so a reader never sees half an object.
 */
export class FsObjectStorage implements ObjectStorage {
  readonly driver = 'fs' as const;
  private readonly root: string;
  private readonly now: () => number;

  constructor(private readonly options: FsStorageOptions) {
    this.root = path.resolve(options.root);
    this.now = options.now ?? Date.now;
  }

  async putObject(key: string, body: Buffer | Uint8Array | Readable, options: FsPutOptions): Promise<void> {
    const target = this.pathOf(key);
    const tmpDir = path.join(this.root, '.tmp');
    await mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, randomUUID());
    try {
      const source = body instanceof Readable ? body : Readable.from([body]);
      await pipeline(source, createWriteStream(tmp, { flags: 'wx' }));
      if (options.stillWanted && !(await options.stillWanted())) throw unwanted();
      await mkdir(path.dirname(target), { recursive: true });
      if (options.ifNoneMatch) {
        // link() fails when the target exists: an atomic "create only", where rename would replace.
        await link(tmp, target).catch((error: unknown) => {
          throw (error as NodeJS.ErrnoException).code === 'EEXIST'
            ? new AppError('CONFLICT', 'An object was already stored under this URL.')
            : error;
        });
        await rm(tmp, { force: true });
      } else {
        await rename(tmp, target);
      }
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
    const meta = this.metaPathOf(key);
    await mkdir(path.dirname(meta), { recursive: true });
    await writeFile(meta, JSON.stringify({ contentType: options.contentType }));
    // Asked again once in place: whoever closed the upload between the first answer and the rename
    // found nothing to delete, so this write removes itself.
    if (options.stillWanted && !(await options.stillWanted())) {
      await this.deleteObject(key);
      throw unwanted();
    }
  }

  /**
   * The file is opened before the stream is made: a stream created from a path opens it later, and
   * an object deleted in between (a sweeper, a replaced image) then emitted an 'error' before any
   * listener was attached, which crashed the process. An open handle keeps reading what was opened.
   */
  async getObject(key: string): Promise<StoredObject> {
    const contentType = await this.contentTypeOf(key);
    const handle = await open(this.pathOf(key), 'r').catch(() => null);
    if (!handle) throw new AppError('NOT_FOUND');
    const info = await handle.stat().catch(() => null);
    if (!info?.isFile()) {
      await handle.close();
      throw new AppError('NOT_FOUND');
    }
    return { body: handle.createReadStream(), contentType, size: info.size };
  }

  async deleteObject(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
    await rm(this.metaPathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    const info = await stat(this.pathOf(key)).catch(() => null);
    return info?.isFile() ?? false;
  }

  async listObjects(prefix: string, options: ListOptions = {}): Promise<ListedObject[]> {
    assertValidPrefix(prefix);
    const limit = options.limit ?? DEFAULT_LIST_LIMIT;
    // Walk the deepest folder the prefix names whole; the rest of it filters the keys found there.
    const folder = path.join(this.root, prefix.slice(0, prefix.lastIndexOf('/') + 1));
    const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
    const listed: ListedObject[] = [];
    for (const entry of entries) {
      if (listed.length >= limit) break;
      if (!entry.isFile()) continue;
      const key = path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      // `.tmp` and `.meta` (and anything else dotted) are the driver's own, never objects.
      if (!key.startsWith(prefix) || key.split('/').some((segment) => segment.startsWith('.'))) continue;
      const info = await stat(path.join(this.root, key)).catch(() => null);
      if (!info?.isFile()) continue;
      if (options.modifiedBefore && info.mtimeMs >= options.modifiedBefore.getTime()) continue;
      listed.push({ key, lastModified: info.mtime });
    }
    return listed;
  }

  async presignPut(key: string, contentType: string, expiresSec: number): Promise<string> {
    return this.presign({ method: 'PUT', key, contentType, expiresAt: this.expiresAt(expiresSec) });
  }

  async presignGet(key: string, expiresSec: number): Promise<string> {
    return this.presign({ method: 'GET', key, contentType: '', expiresAt: this.expiresAt(expiresSec) });
  }

  /** Throws URL_SIGNATURE_INVALID or URL_EXPIRED. Signature first, so a tampered expiry is "invalid". */
  verify(request: SignedRequest, signature: string): void {
    if (!signatureMatches(request, signature, this.options.signingSecret)) throw new AppError('URL_SIGNATURE_INVALID');
    if (request.expiresAt * 1000 < this.now()) throw new AppError('URL_EXPIRED');
  }

  async sweepPartialWrites(before: Date): Promise<number> {
    const tmpDir = path.join(this.root, '.tmp');
    const names = await readdir(tmpDir).catch(() => []);
    let removed = 0;
    for (const name of names) {
      const file = path.join(tmpDir, name);
      const info = await stat(file).catch(() => null);
      // A write still streaming touches its file; only ones untouched since `before` are left-overs.
      if (info && info.mtimeMs < before.getTime()) {
        await rm(file, { force: true, recursive: true });
        removed += 1;
      }
    }
    return removed;
  }

  async ensureReady(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await this.check();
  }

  async check(): Promise<void> {
    await access(this.root, constants.R_OK | constants.W_OK);
  }

  async close(): Promise<void> {}

  private presign(request: SignedRequest): string {
    assertValidKey(request.key);
    const signature = signRequest(request, this.options.signingSecret);
    const query = new URLSearchParams({ exp: String(request.expiresAt), sig: signature });
    return `${this.options.baseUrl()}${FILES_ROUTE_PREFIX}/${encodeKeyPath(request.key)}?${query}`;
  }

  private expiresAt(expiresSec: number): number {
    assertValidExpiry(expiresSec);
    return Math.floor(this.now() / 1000) + expiresSec;
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    const resolved = path.resolve(this.root, key);
    // Redundant with assertValidKey by design: the one check that keeps files inside the root.
    if (!resolved.startsWith(this.root + path.sep)) throw new AppError('INVALID_OBJECT_KEY');
    return resolved;
  }

  private metaPathOf(key: string): string {
    return path.join(this.root, '.meta', `${path.relative(this.root, this.pathOf(key))}.json`);
  }

  private async contentTypeOf(key: string): Promise<string> {
    try {
      return metaSchema.parse(JSON.parse(await readFile(this.metaPathOf(key), 'utf8'))).contentType;
    } catch {
      return 'application/octet-stream';
    }
  }
}

function unwanted(): AppError {
  return new AppError('CONFLICT', 'This upload was closed while its bytes were arriving; nothing was stored.');
}
