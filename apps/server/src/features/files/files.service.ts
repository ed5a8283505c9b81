import { Transform, type Readable } from 'node:stream';
import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import type { FsObjectStorage } from '../../storage/fs-storage';
import type { StoredObject } from '../../storage/object-storage';
import type { SignedMethod } from '../../storage/url-signer';

const signedQuerySchema = z.object({
  exp: z.string().regex(/^\d{1,12}$/),
  sig: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

export interface SignedFileRequest {
  method: SignedMethod;
  key: string;
  query: unknown;
  contentType: string;
}

/**
 * Serves the filesystem driver's presigned URLs, standing in for what S3 does for its own URLs:
 * check the signature and expiry, then stream the object in or out.
 */
export class FilesService {
  constructor(
    private readonly storage: FsObjectStorage,
    private readonly uploadLimitBytes: number,
    /**
     * Whether a signed PUT may still write this key: true only while an upload names it and has not
     * been checked (features/images). Unset: any validly signed key (the storage tests).
     */
    private readonly canPut: (key: string) => Promise<boolean> = async () => true,
  ) {}

  authorize(request: SignedFileRequest): void {
    const query = signedQuerySchema.safeParse(request.query);
    if (!query.success) throw new AppError('URL_SIGNATURE_INVALID');
    this.storage.verify(
      {
        method: request.method,
        key: request.key,
        expiresAt: Number(query.data.exp),
        contentType: request.method === 'PUT' ? request.contentType : '',
      },
      query.data.sig,
    );
  }

  download(key: string): Promise<StoredObject> {
    return this.storage.getObject(key);
  }

  async upload(key: string, body: Readable, contentType: string, declaredLength: number | undefined): Promise<void> {
    // Refuse early on an honest Content-Length; count anyway, since a length can lie or be absent.
    if (declaredLength !== undefined && declaredLength > this.uploadLimitBytes) throw new AppError('PAYLOAD_TOO_LARGE');
    // Single use: a URL writes its object once, and never after the upload was checked (accepted
    // or refused), so what was checked is what stays stored.
    if (!(await this.canPut(key))) throw new AppError('CONFLICT', 'This upload URL was already used.');
    // Asked again once the last byte is in: a check (or discard, or sweep) that ran while the body
    // was still arriving closed the upload, and the object it would leave is referenced by nothing.
    await this.storage.putObject(key, body.pipe(byteLimit(this.uploadLimitBytes)), {
      contentType,
      ifNoneMatch: true,
      stillWanted: () => this.canPut(key),
    });
  }
}

function byteLimit(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) callback(new AppError('PAYLOAD_TOO_LARGE'));
      else callback(null, chunk);
    },
  });
}
