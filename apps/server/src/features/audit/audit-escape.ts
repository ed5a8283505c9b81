/**
 * Text that PostgreSQL refuses (NUL in `text` and `jsonb`, a lone UTF-16 surrogate in `jsonb`) would
 * make the whole insert fail and the event would be lost; control and bidirectional-override
 * characters would let a request forge how a row reads. Every string of an event (its ids, address,
 * browser and detail, keys included) is written with such characters escaped as `\uXXXX`, and a
 * backslash as `\\`, so the stored text reads back to exactly what was sent.
 */

// C0 controls, DEL, C1 controls, lone surrogates, the bidirectional marks, embeddings, overrides
// and isolates, the line and paragraph separators, and the byte-order mark.
const CONTROLS = '[\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028-\\u202e\\u2066-\\u2069\\ufeff]';
const LONE_SURROGATE = '[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]';
const UNSAFE = new RegExp(`\\\\|${CONTROLS}|${LONE_SURROGATE}`, 'g');

const escapeChar = (char: string) => (char === '\\' ? '\\\\' : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Strings longer than this (after escaping) are cut, marked with a trailing ellipsis: the trail keeps no bulk. */
export const MAX_TEXT = 1000;

/** `text` as stored: unsafe characters and backslashes escaped, at most `max` characters. */
export function escapeText(text: string, max = MAX_TEXT): string {
  const escaped = text.replace(UNSAFE, escapeChar);
  return escaped.length > max ? `${escaped.slice(0, max - 1)}…` : escaped;
}

/**
 * `escapeText`, or null for anything that is not a string: a request's address reads `undefined`
 * once its socket is gone (a browser cancelling a film it no longer shows), and the event must
 * still be written.
 */
export function escapeNullable(text: string | null | undefined, max = MAX_TEXT): string | null {
  return typeof text === 'string' ? escapeText(text, max) : null;
}

const MAX_DEPTH = 6;

/** A detail value with every string in it (object keys too) escaped; numbers, booleans and null as they are. */
export function escapeDetail(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return escapeText(value);
  if (value === undefined) return undefined;
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value === null || typeof value !== 'object') return typeof value === 'boolean' ? value : null;
  if (depth >= MAX_DEPTH) return '[nested too deep]';
  if (Array.isArray(value)) return value.map((v) => escapeDetail(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [escapeText(k, 100), escapeDetail(v, depth + 1)]));
}
