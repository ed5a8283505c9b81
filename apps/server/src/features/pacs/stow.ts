import { randomBytes } from 'node:crypto';
import { AppError } from '../../errors/app-error';
import { pacsAuthHeaders, type PacsServer } from './pacs-config';

/**
 * A STOW-RS client (PS3.18 10.5): stores DICOM instances into one study with
 * `POST {root}/studies/{StudyInstanceUID}`, the files as the parts of one `multipart/related;
 * type="application/dicom"` body, and reads the Store Instances Response (DICOM JSON) back. Failures
 * become one PACS_* code, as the import side's client maps them (dicomweb-client.ts): not reachable ->
 * PACS_UNAVAILABLE, over `timeoutMs` -> PACS_TIMEOUT, 401/403 -> PACS_AUTH, 404 (no STOW-RS there) ->
 * PACS_NOT_FOUND, an instance in the answer's Failed SOP Sequence or HTTP 409 -> PACS_STORE_REFUSED,
 * other answers -> PACS_UNAVAILABLE (5xx) or PACS_BAD_ANSWER. No URL or credential is put in a message.
 */

/** One instance to store, named by its SOP Instance UID so the answer can be matched to it. */
export interface StowInstance {
  sopInstanceUid: string;
  bytes: Buffer;
}

/** Why the PACS refused an instance: (0008,1197) Failure Reason, as a number (PS3.4 GG.4: 0xA7xx out of resources, 0xC122 ...). */
export interface RefusedInstance {
  sopInstanceUid: string;
  reason: number | null;
}

/** The Store Instances Response is small (two items here); anything larger is not one. */
const ANSWER_MAX_BYTES = 1024 * 1024;

const TAG = { failedSop: '00081198', referencedSop: '00081199', referencedInstance: '00081155', failureReason: '00081197' } as const;

type JsonObject = Record<string, { Value?: unknown[] } | undefined>;

function items(object: JsonObject, tag: string): JsonObject[] {
  const value = object[tag]?.Value;
  return Array.isArray(value) ? value.filter((v): v is JsonObject => typeof v === 'object' && v !== null) : [];
}

function first(object: JsonObject, tag: string): unknown {
  return object[tag]?.Value?.[0];
}

/** The instances the answer says were refused, and those it says were stored; null when the body is not the response module. */
export function readStowAnswer(body: string): { refused: RefusedInstance[]; stored: string[] } | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  // The module is one data set; a few servers wrap it in an array.
  const object = Array.isArray(json) ? json[0] : json;
  if (typeof object !== 'object' || object === null) return null;
  const refused = items(object as JsonObject, TAG.failedSop).map((item) => {
    const reason = first(item, TAG.failureReason);
    return { sopInstanceUid: String(first(item, TAG.referencedInstance) ?? ''), reason: typeof reason === 'number' ? reason : null };
  });
  const stored = items(object as JsonObject, TAG.referencedSop).map((item) => String(first(item, TAG.referencedInstance) ?? ''));
  return { refused, stored };
}

/** The multipart/related body: each file one part of type application/dicom (RFC 2387, PS3.18 8.6.1.2). */
export function stowBody(instances: readonly StowInstance[], boundary: string): Buffer {
  const parts: Buffer[] = [];
  for (const instance of instances) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Type: application/dicom\r\n\r\n`, 'latin1'),
      instance.bytes,
      Buffer.from('\r\n', 'latin1'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`, 'latin1'));
  return Buffer.concat(parts);
}

/** The error for instances the PACS would not store; `refused` says which (the caller names them to the user). */
export class StowRefusedError extends AppError {
  constructor(
    server: PacsServer,
    readonly refused: RefusedInstance[],
  ) {
    const reasons = refused.map((r) => (r.reason === null ? 'no reason given' : `reason 0x${r.reason.toString(16).toUpperCase()}`));
    super(
      'PACS_STORE_REFUSED',
      `The PACS "${server.name}" refused ${refused.length} of the objects (${[...new Set(reasons)].join(', ')}).`,
    );
  }
}

function isTimeout(error: unknown): boolean {
  return (
    error instanceof Error && (error.name === 'TimeoutError' || (error.name === 'AbortError' && String(error.message).includes('timeout')))
  );
}

/**
 * Stores `instances` into study `studyUid` on `server`. Resolves when the PACS says every one was
 * stored (HTTP 200, or 202 with warnings only); throws StowRefusedError naming the refused ones, or
 * another PACS_* AppError. The whole exchange (upload and answer) is within the server's `timeoutMs`.
 */
export async function stowRs(server: PacsServer, studyUid: string, instances: readonly StowInstance[]): Promise<void> {
  const boundary = `ceppro-${randomBytes(16).toString('hex')}`;
  let response: Response;
  let body: string;
  try {
    response = await fetch(`${server.url}/studies/${encodeURIComponent(studyUid)}`, {
      method: 'POST',
      headers: {
        accept: 'application/dicom+json',
        'content-type': `multipart/related; type="application/dicom"; boundary=${boundary}`,
        ...pacsAuthHeaders(server),
      },
      body: new Uint8Array(stowBody(instances, boundary)),
      signal: AbortSignal.timeout(server.timeoutMs),
      redirect: 'error',
    });
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > ANSWER_MAX_BYTES) {
      await response.body?.cancel();
      throw new AppError('PACS_BAD_ANSWER', `The PACS "${server.name}" gave an answer too large to be a store response.`);
    }
    body = await response.text();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isTimeout(error)) {
      throw new AppError('PACS_TIMEOUT', `The PACS "${server.name}" did not answer within ${Math.round(server.timeoutMs / 1000)} s.`, {
        cause: error,
      });
    }
    throw new AppError('PACS_UNAVAILABLE', `The PACS "${server.name}" could not be reached.`, { cause: error });
  }
  const status = response.status;
  if (status === 401 || status === 403) {
    throw new AppError('PACS_AUTH', `The PACS "${server.name}" refused the configured credentials (HTTP ${status}).`);
  }
  if (status === 404) throw new AppError('PACS_NOT_FOUND', `The PACS "${server.name}" offers no STOW-RS at its DICOMweb address.`);
  const answer = readStowAnswer(body);
  if (status === 409 || (status >= 200 && status < 300 && answer !== null && answer.refused.length > 0)) {
    const refused = answer?.refused.length ? answer.refused : instances.map((i) => ({ sopInstanceUid: i.sopInstanceUid, reason: null }));
    throw new StowRefusedError(server, refused);
  }
  if (status >= 500) throw new AppError('PACS_UNAVAILABLE', `The PACS "${server.name}" failed (HTTP ${status}).`);
  if (status < 200 || status >= 300) throw new AppError('PACS_BAD_ANSWER', `The PACS "${server.name}" answered HTTP ${status}.`);
  // An answer that lists what it stored must list every instance sent.
  if (answer !== null && answer.stored.length > 0) {
    const missing = instances.filter((i) => !answer.stored.includes(i.sopInstanceUid));
    if (missing.length > 0)
      throw new StowRefusedError(
        server,
        missing.map((i) => ({ sopInstanceUid: i.sopInstanceUid, reason: null })),
      );
  }
}
