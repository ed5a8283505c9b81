import { fail, type ErrorCode } from '@ceppro/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from '../errors/app-error';

export interface HttpError {
  status: number;
  code: ErrorCode;
  message: string;
  key?: string;
  field?: string;
  retryAfterS?: number;
}

// Fastify's own client errors, by code, with messages of our own (theirs can echo request data).
const FASTIFY_CODES: Record<string, HttpError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'BAD_REQUEST', message: 'The JSON request body is empty.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST', message: 'The Content-Length header is wrong.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'The content type is not supported.' },
  FST_ERR_CTP_INVALID_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'The content type is not supported.' },
};

const BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

const INTERNAL: HttpError = { status: 500, code: 'INTERNAL', message: 'An unexpected error occurred.' };

/**
 * The one mapping from anything thrown to an HTTP error. Anything not recognised becomes a generic
 * 500 whose message says nothing about the cause: causes can hold SQL, paths or patient data.
 */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof AppError) {
    return {
      status: error.status,
      code: error.code,
      message: error.message,
      ...(error.key !== undefined && { key: error.key }),
      ...(error.field !== undefined && { field: error.field }),
      ...(error.retryAfterS !== undefined && { retryAfterS: error.retryAfterS }),
    };
  }
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return { status: 400, code: 'VALIDATION_FAILED', message: `${where}${issue?.message ?? 'invalid input'}` };
  }
  if (!isFastifyError(error)) return INTERNAL;
  if (error.validation) return { status: 400, code: 'VALIDATION_FAILED', message: 'The request did not pass validation.' };
  const known = FASTIFY_CODES[error.code];
  if (known) return known;
  // JSON.parse failures reach us as a SyntaxError with statusCode 400 and no Fastify code.
  if (error instanceof SyntaxError && error.statusCode === 400) return FASTIFY_CODES.FST_ERR_CTP_INVALID_JSON_BODY ?? INTERNAL;
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = BY_STATUS[status] ?? 'BAD_REQUEST';
    return { status: code === 'BAD_REQUEST' ? 400 : status, code, message: defaultMessage(code) };
  }
  return INTERNAL;
}

function defaultMessage(code: ErrorCode): string {
  return new AppError(code).message;
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && ('statusCode' in error || 'code' in error);
}

export function sendError(reply: FastifyReply, error: HttpError): FastifyReply {
  if (error.retryAfterS !== undefined) reply.header('retry-after', String(error.retryAfterS));
  return reply
    .status(error.status)
    .type('application/json; charset=utf-8')
    .send(fail(error.code, error.message, { key: error.key, field: error.field }));
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const mapped = toHttpError(error);
    if (mapped.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: mapped.code, status: mapped.status }, 'request rejected');
    // Answering before the body was read (a refused or oversized upload) leaves bytes on the socket;
    // closing it stops the client from reusing a connection in an unknown state.
    if (!request.raw.complete) reply.header('connection', 'close');
    return sendError(reply, mapped);
  });
}
