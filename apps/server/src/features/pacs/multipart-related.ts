/**
 * The parts of a `multipart/related` body (RFC 2387, the framing of a WADO-RS answer, PS3.18 8.6.1.2).
 * No maintained Node library parses multipart/related into binary parts (the common ones are for
 * multipart/form-data), and a WADO-RS answer is already in memory under a size cap, so this reads the
 * whole buffer: parts are delimited by CRLF "--boundary", the last by "--boundary--" (RFC 2046 5.1.1).
 */
export interface MultipartPart {
  headers: Record<string, string>;
  body: Buffer;
}

/** The boundary parameter of a multipart Content-Type (quoted or not); null when there is none. */
export function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,200})"|([^;\s]{1,200}))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** Splits `body`; throws when the framing is broken (no opening delimiter, a part without a header end). */
export function parseMultipartRelated(body: Buffer, boundary: string): MultipartPart[] {
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  const next = Buffer.from(`\r\n--${boundary}`, 'latin1');
  let at = body.indexOf(delimiter);
  if (at < 0) throw new Error('multipart body without its boundary');
  const parts: MultipartPart[] = [];
  for (;;) {
    at += delimiter.length;
    // "--" after a delimiter closes the body.
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return parts;
    // Transport padding (spaces, tabs) may follow a delimiter before its CRLF.
    while (body[at] === 0x20 || body[at] === 0x09) at += 1;
    if (body[at] !== 0x0d || body[at + 1] !== 0x0a) throw new Error('multipart delimiter not followed by CRLF');
    at += 2;
    const headerEnd = body.indexOf('\r\n\r\n', at, 'latin1');
    // A part without headers starts with the empty line at once.
    const noHeaders = body[at] === 0x0d && body[at + 1] === 0x0a;
    if (!noHeaders && headerEnd < 0) throw new Error('multipart part without the end of its headers');
    const headers = noHeaders ? {} : parseHeaders(body.subarray(at, headerEnd).toString('latin1'));
    const start = noHeaders ? at + 2 : headerEnd + 4;
    const end = body.indexOf(next, start);
    if (end < 0) throw new Error('multipart part without a closing delimiter');
    parts.push({ headers, body: body.subarray(start, end) });
    at = end + 2;
  }
}
