import type { Readable } from 'node:stream';
import { AppError } from '../errors/app-error';

export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
}

/** One object of a listing: its key and when it was last written. */
export interface ListedObject {
  key: string;
  lastModified: Date;
}

export interface ListOptions {
  /** Only objects last written before this time. */
  modifiedBefore?: Date;
  /** At most this many (default 1000); which ones, when there are more, is up to the driver. */
  limit?: number;
}

export const DEFAULT_LIST_LIMIT = 1000;

export interface PutOptions {
  contentType: string;
  /**
   * Write only if no object exists under the key (S3's `If-None-Match: *`); otherwise AppError
   * CONFLICT and the stored object is left as it was. Makes a signed upload URL single-use.
   */
  ifNoneMatch?: boolean;
}

/**
 * Object storage for images and thumbnails. Browsers upload and download directly through presigned
 * URLs (docs/house-rules.md §13); the server itself only reads and writes small objects such as thumbnails.
 * Keys are checked by `assertValidKey` in every driver, so a key is a key everywhere.
 */
export interface ObjectStorage {
  readonly driver: 'fs' | 's3';
  putObject(key: string, body: Buffer | Uint8Array | Readable, options: PutOptions): Promise<void>;
  /** Throws AppError NOT_FOUND when the object does not exist. */
  getObject(key: string): Promise<StoredObject>;
  /** Deleting a missing object is not an error (same as S3). */
  deleteObject(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Objects whose key starts with `prefix` (a plain string prefix, as S3's; '' lists everything),
   * for sweeps of what nothing references any more. The fs driver's bookkeeping is never listed.
   */
  listObjects(prefix: string, options?: ListOptions): Promise<ListedObject[]>;
  /** URL for one PUT whose Content-Type header must equal `contentType`. */
  presignPut(key: string, contentType: string, expiresSec: number): Promise<string>;
  presignGet(key: string, expiresSec: number): Promise<string>;
  /** Read-only reachability check for /healthz; throws when the store cannot be used. */
  check(): Promise<void>;
  /**
   * Removes partial writes a crash left in the driver's temporary area that are older than
   * `before`; returns how many. Only drivers with such an area (fs) have it.
   */
  sweepPartialWrites?(before: Date): Promise<number>;
  /** Start-up: creates what is missing (directory, bucket), then checks. */
  ensureReady(): Promise<void>;
  close(): Promise<void>;
}

export const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * Keys are slash-separated segments of letters, digits, dot, dash and underscore; no segment starts
 * with a dot. That rules out `..`, absolute paths, backslashes and hidden files, which keeps the fs
 * driver inside its root and leaves `.tmp`/`.meta` free for its own bookkeeping.
 */
export function assertValidKey(key: string): void {
  const segments = key.split('/');
  if (key.length === 0 || key.length > 512 || !segments.every((segment) => SEGMENT.test(segment))) {
    throw new AppError('INVALID_OBJECT_KEY');
  }
}

/** A listing prefix is '' or the start of a valid key: `staging/` and `staging/c-1` both are. */
export function assertValidPrefix(prefix: string): void {
  if (prefix === '') return;
  assertValidKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}

export function assertValidExpiry(expiresSec: number): void {
  if (!Number.isInteger(expiresSec) || expiresSec < 1 || expiresSec > MAX_PRESIGN_SECONDS) {
    throw new RangeError(`expiresSec must be an integer 1-${MAX_PRESIGN_SECONDS}`);
  }
}
