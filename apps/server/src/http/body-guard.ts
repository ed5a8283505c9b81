import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error';
import { registerExpectContinue } from './expect-continue';

/** Deeper than any document the product sends (a GraphQL body with an analysis record: about 8). */
export const MAX_JSON_DEPTH = 64;

/**
 * Nesting depth of a JSON text, counted without parsing it (brackets inside strings skipped), so a
 * body nested 10,000 levels is refused before JSON.parse and every recursive reader after it.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}

/** Parsed JSON and form bodies only: an upload's Buffer or stream is bytes, not text. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The first string (value or key) holding U+0000 in a parsed body, as a field path; null when none. */
export function findNulText(value: unknown): string | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop() as { value: unknown; path: string };
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, path: `${path}[${index}]` }));
    } else if (isPlainObject(current)) {
      for (const [key, item] of Object.entries(current)) {
        const at = path === '' ? key : `${path}.${key}`;
        if (key.includes('\u0000')) return at.replace(/\u0000/g, '\\u0000');
        stack.push({ value: item, path: at });
      }
    }
  }
  return null;
}

/**
 * Input PostgreSQL or a recursive reader cannot take is refused at the door, for every route and
 * transport at once: JSON nested deeper than MAX_JSON_DEPTH (400 BAD_REQUEST), and U+0000 in any
 * string or key of a JSON or form body or the query string (400 VALIDATION_FAILED; PostgreSQL text
 * and jsonb cannot hold it). GraphQL string literals are checked by the graph service's own rule.
 */
export function registerBodyGuard(app: FastifyInstance, jsonBodyBytes: number): void {
  // A declared body over the limit is refused before `100 Continue` is sent (expect-continue.ts).
  registerExpectContinue(app);
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: jsonBodyBytes }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(new AppError('BAD_REQUEST', `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels.`), undefined);
      return;
    }
    parseJson(request, text, done);
  });
  app.addHook('preValidation', async (request) => {
    const field = findNulText(request.body) ?? findNulText(request.query);
    if (field !== null) {
      throw new AppError('VALIDATION_FAILED', 'Text may not contain NUL (U+0000) characters.', field === '' ? {} : { field });
    }
  });
}
