import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
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

export interface S3StorageOptions {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Milliseconds clock used as the presigning date; tests move it to mint expired URLs. */
  now?: () => number;
}

/** S3-compatible storage (MinIO, AWS, s3rver in tests), addressed path-style. */
export class S3ObjectStorage implements ObjectStorage {
  readonly driver = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly now: () => number;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.now = options.now ?? Date.now;
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: true,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Newer SDKs add CRC checksums and aws-chunked bodies by default, which MinIO versions and
      // s3rver do not all understand; only send checksums when an operation requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async putObject(key: string, body: Buffer | Uint8Array | Readable, options: PutOptions): Promise<void> {
    assertValidKey(key);
    // PutObject needs a length up front; server-side writes are small (thumbnails), so a stream is
    // buffered rather than pulling in multipart upload machinery.
    const bytes = body instanceof Readable ? await buffer(body) : body;
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: bytes,
          ContentType: options.contentType,
          ...(options.ifNoneMatch && { IfNoneMatch: '*' }),
        }),
      );
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 412)
        throw new AppError('CONFLICT', 'An object is already stored under this key.', { cause: error });
      throw error;
    }
  }

  async getObject(key: string): Promise<StoredObject> {
    assertValidKey(key);
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(result.Body instanceof Readable)) throw new Error('S3 returned a body that is not a Node stream');
      return {
        body: result.Body,
        contentType: result.ContentType ?? 'application/octet-stream',
        size: result.ContentLength ?? 0,
      };
    } catch (error) {
      if (isNotFound(error)) throw new AppError('NOT_FOUND', undefined, { cause: error });
      throw error;
    }
  }

  async deleteObject(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    assertValidKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async listObjects(prefix: string, options: ListOptions = {}): Promise<ListedObject[]> {
    assertValidPrefix(prefix);
    const limit = options.limit ?? DEFAULT_LIST_LIMIT;
    const listed: ListedObject[] = [];
    let continuationToken: string | undefined;
    // Pages of up to 1000 keys; the age filter is ours (S3 cannot filter by date), so keep paging
    // until enough old ones are found or the listing ends.
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix || undefined, ContinuationToken: continuationToken }),
      );
      for (const object of page.Contents ?? []) {
        if (listed.length >= limit) return listed;
        if (!object.Key || !object.LastModified) continue;
        if (options.modifiedBefore && object.LastModified.getTime() >= options.modifiedBefore.getTime()) continue;
        listed.push({ key: object.Key, lastModified: object.LastModified });
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken && listed.length < limit);
    return listed;
  }

  async presignPut(key: string, contentType: string, expiresSec: number): Promise<string> {
    assertValidKey(key);
    assertValidExpiry(expiresSec);
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType });
    return getSignedUrl(this.client, command, { expiresIn: expiresSec, signingDate: new Date(this.now()) });
  }

  async presignGet(key: string, expiresSec: number): Promise<string> {
    assertValidKey(key);
    assertValidExpiry(expiresSec);
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: key });
    return getSignedUrl(this.client, command, { expiresIn: expiresSec, signingDate: new Date(this.now()) });
  }

  /** Creates the bucket when it is missing, so a fresh MinIO works without a manual step. */
  async ensureReady(): Promise<void> {
    try {
      await this.check();
    } catch (error) {
      if (!isNotFound(error)) throw error;
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
    }
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey');
}
