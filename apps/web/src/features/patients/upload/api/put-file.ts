/**
 * Step 2 of the upload: the bytes go straight to object storage with a PUT to the presigned URL
 * (docs/house-rules.md §13). XMLHttpRequest, not fetch, because only it reports upload progress.
 */
export class PutFileError extends Error {
  /** HTTP status of the storage's answer; 0 when the request never got one (network, abort). */
  readonly status: number;
  readonly aborted: boolean;
  constructor(status: number, aborted: boolean) {
    super(aborted ? 'The upload was stopped.' : status === 0 ? 'The upload failed (network).' : `The storage answered ${status}.`);
    this.name = 'PutFileError';
    this.status = status;
    this.aborted = aborted;
  }
}

export function putFile(
  url: string,
  file: Blob,
  contentType: string,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new PutFileError(0, true));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = (error: PutFileError | null) => {
      signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve();
    };
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable) onProgress(e.loaded, e.total);
    });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(file.size, file.size);
        done(null);
      } else done(new PutFileError(xhr.status, false));
    });
    xhr.addEventListener('error', () => done(new PutFileError(0, false)));
    xhr.addEventListener('timeout', () => done(new PutFileError(0, false)));
    xhr.addEventListener('abort', () => done(new PutFileError(0, true)));
    signal?.addEventListener('abort', onAbort);
    xhr.send(file);
  });
}
