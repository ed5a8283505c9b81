import { AppError } from '../../errors/app-error';
import { isDicomJsonArray, type DicomJsonObject } from './dicom-json';
import { boundaryOf, parseMultipartRelated } from './multipart-related';
import { pacsAuthHeaders, type PacsServer } from './pacs-config';

/**
 * A DICOMweb client (PS3.18) over Node's fetch: QIDO-RS searches, the WADO-RS retrieve of one
 * instance and its rendered image. Every call has the server's time limit (`timeoutMs`, AbortSignal,
 * covering the body too) and a size cap on what it reads, and every failure becomes one PACS_* code:
 * connection refused or reset -> PACS_UNAVAILABLE, over the time limit -> PACS_TIMEOUT, 401/403 ->
 * PACS_AUTH, 404 -> PACS_NOT_FOUND, other answers -> PACS_UNAVAILABLE (5xx) or PACS_BAD_ANSWER.
 * The server's URL and credentials never appear in an error message (they reach logs and the trail).
 */

/** What a QIDO-RS answer may weigh: 50 studies with their fields are far below it. */
const QIDO_MAX_BYTES = 4 * 1024 * 1024;
/** What a rendered thumbnail may weigh before it is shrunk. */
export const RENDERED_MAX_BYTES = 8 * 1024 * 1024;
/** A WADO-RS answer's framing around the one DICOM file it holds. */
const MULTIPART_SLACK_BYTES = 64 * 1024;

export interface PacsRequest {
  /** Path below the server's DICOMweb root, starting with `/`, query string included. */
  path: string;
  method?: 'GET' | 'POST';
  accept: string;
  maxBytes: number;
  body?: Uint8Array<ArrayBuffer>;
  contentType?: string;
}

export interface PacsAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

function isTimeout(error: unknown): boolean {
  return (
    error instanceof Error && (error.name === 'TimeoutError' || (error.name === 'AbortError' && String(error.message).includes('timeout')))
  );
}

function transportError(server: PacsServer, error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isTimeout(error)) {
    return new AppError('PACS_TIMEOUT', `The PACS "${server.name}" did not answer within ${Math.round(server.timeoutMs / 1000)} s.`, {
      cause: error,
    });
  }
  return new AppError('PACS_UNAVAILABLE', `The PACS "${server.name}" could not be reached.`, { cause: error });
}

async function readCapped(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new AppError('IMAGE_TOO_LARGE', `The PACS object is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
  }
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    total += value.byteLength;
    if (total > maxBytes) {
      // Stop reading: the rest of a too large answer is never buffered.
      await reader.cancel().catch(() => undefined);
      throw new AppError('IMAGE_TOO_LARGE', `The PACS object is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
    }
    chunks.push(Buffer.from(value));
  }
}

/**
 * One request to the PACS, with its auth headers and time limit; answers 2xx as bytes and maps
 * everything else to a PACS_* AppError. Exported for the store-back side (STOW-RS) to share the mapping.
 */
export async function pacsRequest(server: PacsServer, request: PacsRequest): Promise<PacsAnswer> {
  const signal = AbortSignal.timeout(server.timeoutMs);
  try {
    const response = await fetch(`${server.url}${request.path}`, {
      method: request.method ?? 'GET',
      headers: {
        accept: request.accept,
        ...pacsAuthHeaders(server),
        ...(request.contentType !== undefined && { 'content-type': request.contentType }),
      },
      ...(request.body !== undefined && { body: request.body }),
      signal,
      redirect: 'error',
    });
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new AppError('PACS_AUTH', `The PACS "${server.name}" refused the configured credentials (HTTP ${response.status}).`);
    }
    if (response.status === 404) {
      await response.body?.cancel();
      throw new AppError('PACS_NOT_FOUND', `The PACS "${server.name}" has no such object.`);
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      throw new AppError('PACS_UNAVAILABLE', `The PACS "${server.name}" failed (HTTP ${response.status}).`);
    }
    if (response.status < 200 || response.status >= 300) {
      await response.body?.cancel();
      throw new AppError('PACS_BAD_ANSWER', `The PACS "${server.name}" answered HTTP ${response.status}.`);
    }
    const body = await readCapped(response, request.maxBytes);
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', body };
  } catch (error) {
    throw transportError(server, error);
  }
}

function badAnswer(server: PacsServer, what: string): AppError {
  return new AppError('PACS_BAD_ANSWER', `The PACS "${server.name}" gave ${what}.`);
}

/** A QIDO-RS search: `resource` is e.g. `/studies` or `/studies/{uid}/series`; no match is an empty list. */
export async function qido(server: PacsServer, resource: string, params: URLSearchParams): Promise<DicomJsonObject[]> {
  const query = params.toString();
  const answer = await pacsRequest(server, {
    path: `${resource}${query === '' ? '' : `?${query}`}`,
    accept: 'application/dicom+json, application/json',
    maxBytes: QIDO_MAX_BYTES,
  });
  // 204 No Content is how some servers say "nothing matched".
  if (answer.status === 204 || answer.body.length === 0) return [];
  let json: unknown;
  try {
    json = JSON.parse(answer.body.toString('utf8'));
  } catch {
    throw badAnswer(server, 'a search answer that is not JSON');
  }
  if (!isDicomJsonArray(json)) throw badAnswer(server, 'a search answer that is not a list of DICOM objects');
  return json;
}

const instancePath = (study: string, series: string, instance: string) =>
  `/studies/${encodeURIComponent(study)}/series/${encodeURIComponent(series)}/instances/${encodeURIComponent(instance)}`;

/**
 * WADO-RS retrieve of one instance as it is stored (`transfer-syntax=*`, no transcoding): the DICOM
 * Part 10 bytes of the answer's first `application/dicom` part, at most `maxBytes`.
 */
export async function retrieveInstance(
  server: PacsServer,
  uids: { study: string; series: string; instance: string },
  maxBytes: number,
): Promise<Buffer> {
  const answer = await pacsRequest(server, {
    path: instancePath(uids.study, uids.series, uids.instance),
    accept: 'multipart/related; type="application/dicom"; transfer-syntax=*',
    maxBytes: maxBytes + MULTIPART_SLACK_BYTES,
  });
  const type = answer.contentType.toLowerCase();
  if (type.startsWith('application/dicom')) return answer.body;
  const boundary = type.startsWith('multipart/related') ? boundaryOf(answer.contentType) : null;
  if (boundary === null) throw badAnswer(server, 'an object that is not DICOM');
  let parts;
  try {
    parts = parseMultipartRelated(answer.body, boundary);
  } catch {
    throw badAnswer(server, 'a malformed multipart answer');
  }
  const part = parts.find((p) => (p.headers['content-type'] ?? 'application/dicom').toLowerCase().startsWith('application/dicom'));
  if (!part) throw badAnswer(server, 'an answer without a DICOM object');
  if (part.body.length > maxBytes) {
    throw new AppError('IMAGE_TOO_LARGE', `The PACS object is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
  }
  return part.body;
}

/** WADO-RS rendered instance (PS3.18 9.5) as JPEG; null when the PACS cannot render it (not an error for a preview). */
export async function renderedInstance(
  server: PacsServer,
  uids: { study: string; series: string; instance: string },
): Promise<Buffer | null> {
  try {
    const answer = await pacsRequest(server, {
      path: `${instancePath(uids.study, uids.series, uids.instance)}/rendered`,
      accept: 'image/jpeg',
      maxBytes: RENDERED_MAX_BYTES,
    });
    return answer.body.length > 0 ? answer.body : null;
  } catch (error) {
    // A PACS that is down, too slow or refuses us fails the whole listing (the caller's question);
    // one instance it cannot render (an HTTP error for this object, a report, an odd syntax, too
    // large) just has no thumbnail. Transport failures carry their cause; HTTP answers do not.
    const transport = error instanceof AppError && error.cause !== undefined;
    if (error instanceof AppError && !transport && error.code !== 'PACS_AUTH' && error.code !== 'PACS_TIMEOUT') return null;
    throw error;
  }
}
