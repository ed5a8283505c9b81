import multipart from '@fastify/multipart';
import { AUTH_ENDPOINTS as E, LICENSE_UPLOAD, ok } from '@ceppro/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint-route';
import { authError } from '../../http/parse-body';
import { clientOf } from '../../http/require-user';
import type { SignUpService } from './signup.service';

/** The sign-up form and its verification steps (docs/spec-points.md §2, §3, §5 and §7). */
export async function registerSignUpRoutes(app: FastifyInstance, signUp: SignUpService): Promise<void> {
  route(app, E.checkEmailExist, async ({ email }, request) => ok(await signUp.checkEmail(email, clientOf(request))));

  route(app, E.checkTaxValidation, async ({ taxNumber }, request) => ok(await signUp.checkTax(taxNumber, clientOf(request))));

  route(app, E.sendOtpSms, async ({ mobileNumber }, request) => ok(await signUp.sendMobileCode(mobileNumber, clientOf(request))));

  route(app, E.authSms, async ({ mobileNumber, code }, request) =>
    ok(await signUp.verifyMobileCode(mobileNumber, code, clientOf(request))),
  );

  route(app, E.signUp, async (input, request) => ok(await signUp.signUp(input, clientOf(request))));

  // Multipart parsing only in this scope: no other route accepts multipart bodies.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: LICENSE_UPLOAD.maxBytes, files: 1, fields: 0, parts: 2, headerPairs: 50 },
    });
    // The file's limit plus room for the part headers: an `Expect: 100-continue` upload declaring
    // more is refused before it is sent (http/expect-continue.ts).
    route(
      scope,
      E.licenseUpload,
      async (_input, request) => {
        const file = await readLicense(request);
        return ok(await signUp.uploadLicense(file, clientOf(request)));
      },
      { config: { maxBodyBytes: LICENSE_UPLOAD.maxBytes + 64 * 1024 } },
    );
  });
}

async function readLicense(request: FastifyRequest): Promise<{ filename: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw authError('UNSUPPORTED_MEDIA_TYPE', 'auth.license.required', 'file');
  let part;
  try {
    part = await request.file();
  } catch (error) {
    throw mapMultipartError(error);
  }
  if (!part || part.fieldname !== 'file') throw authError('VALIDATION_FAILED', 'auth.license.required', 'file');
  try {
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw authError('VALIDATION_FAILED', 'auth.license.required', 'file');
    return { filename: part.filename, bytes };
  } catch (error) {
    throw mapMultipartError(error);
  }
}

function mapMultipartError(error: unknown): unknown {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return authError('PAYLOAD_TOO_LARGE', 'auth.license.tooLarge', 'file');
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return authError('VALIDATION_FAILED', 'auth.license.required', 'file');
  }
  return error;
}
