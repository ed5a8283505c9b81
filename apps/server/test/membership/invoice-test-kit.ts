import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Email } from 'postal-mime';
import type { AppDatabase } from '../../src/db/database';
import { users } from '../../src/db/schema/index';
import { startSmtpCatcher } from '../auth/auth-harness';

/** The text pdftotext (poppler) reads out of a PDF: what a person (or a search) sees in it. */
export function pdfText(pdf: Uint8Array): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ceppro-invoice-'));
  try {
    const file = path.join(dir, 'invoice.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The PDF attached to a parsed mail. */
export function attachedPdf(email: Email): { filename: string; bytes: Uint8Array } {
  const pdf = email.attachments.find((a) => a.mimeType === 'application/pdf');
  if (!pdf) throw new Error(`no PDF attached to "${email.subject ?? ''}"`);
  const bytes = typeof pdf.content === 'string' ? Buffer.from(pdf.content, 'base64') : new Uint8Array(pdf.content);
  return { filename: pdf.filename ?? '', bytes };
}

/** A real SMTP server on a free port that keeps every message whole, attachments included. */
export const startRawMailCatcher = () => startSmtpCatcher((to, email) => ({ to, email }));

let n = 0;
/** An active account straight in the database, with or without the tax details of sign-up. */
export async function billedUser(
  db: AppDatabase,
  tax: { companyName: string; taxNumber: string; taxEmail: string | null } | null,
): Promise<number> {
  n += 1;
  const [row] = await db
    .insert(users)
    .values({
      email: `billing${n}-${process.pid}@clinic.test`,
      firstName: 'Kim',
      passwordHash: 'not-used',
      userTypeCd: '00000',
      status: 'active',
      ...(tax && { companyName: tax.companyName, taxNumber: tax.taxNumber, taxEmail: tax.taxEmail }),
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user not stored');
  return row.id;
}
