import { AUTH_MESSAGES_EN, isAuthMessageKey, type AuthMessageKey } from '@ceppro/contract';
import type { z } from 'zod';
import { AppError } from '../errors/app-error';

/**
 * Validates a request body with a contract schema. The first issue becomes VALIDATION_FAILED with
 * the spec's English text, its message key and the field, so forms can show it next to the field.
 * Nothing is written before this passes.
 */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  // No body at all (or a JSON null) is an empty form; a JSON array or string is not a form.
  const value: unknown = body === undefined || body === null ? {} : body;
  if (typeof value !== 'object' || Array.isArray(value))
    throw new AppError('BAD_REQUEST', 'The request body must be a form or a JSON object.');
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  if (issue && isAuthMessageKey(issue.message)) throw authError('VALIDATION_FAILED', issue.message, field);
  throw new AppError('VALIDATION_FAILED', undefined, field === undefined ? {} : { field });
}

/** An AppError whose message is the English text of an auth message key. */
export function authError(code: ConstructorParameters<typeof AppError>[0], key: AuthMessageKey, field?: string): AppError {
  return new AppError(code, AUTH_MESSAGES_EN[key], field === undefined ? { key } : { key, field });
}
