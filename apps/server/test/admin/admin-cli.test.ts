import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isValidPassword } from '@ceppro/contract';
import { adminCommand } from '../../src/cli/admin-command';
import { runCommand } from '../../src/cli/operator-cli';
import { loadConfig } from '../../src/config/config';
import { openDatabase, type DatabaseHandle } from '../../src/db/database';
import { queryRows } from '../../src/db/raw-query';
import { createOrPromoteAdmin, generatePassword } from '../../src/features/admin/admin-bootstrap';
import { verifyPassword } from '../../src/features/auth/password-hash';
import { createTestDataDir, type TestDataDir } from '../support/test-data-dir';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const cli = join(repoRoot, 'apps/server/src/cli/admin.ts');
const tsx = join(repoRoot, 'node_modules/.bin/tsx');

/** `npm run admin`: the first admin from the shell, on the database the server's environment names. */
describe('npm run admin', () => {
  let dir: TestDataDir;
  beforeAll(async () => {
    dir = await createTestDataDir({ migrated: true });
  });
  afterAll(() => dir?.cleanup());

  type Result = { code: number | null; stdout: string; stderr: string };
  /** The real `npm run admin` process (one test: the entry point, stdin, the exit code). */
  function spawnCli(args: string[], stdin = ''): Promise<Result> {
    return new Promise((done) => {
      const child = spawn(tsx, [cli, ...args], { cwd: repoRoot, env: { ...process.env, ...dir.env } });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      child.on('close', (code) => done({ code, stdout, stderr }));
      child.stdin.end(stdin);
    });
  }
  /** The same command in this process: what it prints and the code it would exit with, without a tsx start each. */
  async function run(args: string[], stdin = ''): Promise<Result> {
    let stdout = '';
    let stderr = '';
    const io = {
      env: { ...process.env, ...dir.env },
      stdin: Readable.from([stdin]),
      out: (l: string) => (stdout += `${l}\n`),
      err: (l: string) => (stderr += `${l}\n`),
    };
    const code = await runCommand(adminCommand, args, io);
    return { code, stdout, stderr };
  }
  async function withDatabase<T>(fn: (db: DatabaseHandle) => Promise<T>): Promise<T> {
    const database = await openDatabase(loadConfig({ ...process.env, ...dir.env }).database);
    try {
      return await fn(database);
    } finally {
      await database.close();
    }
  }
  const userRow = z.object({
    email: z.string(),
    role: z.string(),
    status: z.string(),
    password_hash: z.string(),
    password_temporary: z.boolean(),
  });
  const userColumns = sql`select email, role, status, password_hash, password_temporary from users`;

  it('creates an active admin with the password from standard input, lists it, and says so on a second create', async () => {
    const created = await spawnCli(['create', '--email', 'Ops@Clinic.test', '--name', 'Operator', '--password-stdin'], 'Admin#2026x\n');
    expect(created.stderr).toBe('');
    expect(created).toMatchObject({ code: 0, stdout: 'created admin ops@clinic.test\n' });
    const again = await run(['create', '--email', 'OPS@clinic.test']);
    expect(again).toMatchObject({ code: 0, stdout: 'ops@clinic.test is already an admin; nothing changed\n' });
    const listed = await run(['list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^[0-9a-f-]{36} {2}ops@clinic\.test {2}Operator {2}active\n$/);
    await withDatabase(async ({ db }) => {
      const [row] = await queryRows(db, userColumns, userRow);
      expect(row).toMatchObject({ role: 'admin', status: 'active', password_temporary: false });
      expect(await verifyPassword(row?.password_hash ?? '', 'Admin#2026x')).toBe(true);
      const trailRow = z.object({ action: z.string(), actor_user_id: z.null(), outcome: z.string() });
      const trail = await queryRows(db, sql`select action, actor_user_id, outcome from audit_events`, trailRow);
      expect(trail).toEqual([{ action: 'admin.create', actor_user_id: null, outcome: 'success' }]);
    });
  });

  it('refuses a weak password, a missing email and an unknown command with exit 1', async () => {
    const weak = await run(['create', '--email', 'x@clinic.test', '--password-stdin'], 'short\n');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('8 to 24 characters');
    expect((await run(['create'])).stderr).toContain('create needs --email');
    expect((await run(['drop'])).code).toBe(1);
    expect((await run([])).code).toBe(1);
    expect(await run(['list', '--help'])).toMatchObject({ code: 0, stdout: expect.stringContaining('npm run admin -- create') });
  });

  it('promotes an existing account without touching its password; a new one without a password gets a temporary one', async () => {
    await withDatabase(async ({ db }) => {
      const clock = { now: () => Date.now() };
      const first = await createOrPromoteAdmin(db, clock, { email: 'doc@clinic.test', password: 'Doctor#2026', userType: '00000' });
      await db.execute(sql`update users set role = 'user' where id = ${first.user.id}`);
      const promoted = await createOrPromoteAdmin(db, clock, { email: 'DOC@clinic.test', password: 'Other#2026x' });
      expect(promoted).toMatchObject({ outcome: 'promoted', generatedPassword: null, user: { role: 'admin' } });
      const [doc] = await queryRows(db, sql`${userColumns} where id = ${first.user.id}`, userRow);
      expect(await verifyPassword(doc?.password_hash ?? '', 'Doctor#2026')).toBe(true);

      const fresh = await createOrPromoteAdmin(db, clock, { email: 'new@clinic.test' });
      expect(fresh.outcome).toBe('created');
      expect(isValidPassword(fresh.generatedPassword ?? '')).toBe(true);
      expect(fresh.user.passwordTemporary).toBe(true);
      await expect(createOrPromoteAdmin(db, clock, { email: 'bad@clinic.test', userType: '12345' })).rejects.toThrow('Not an account type');
      await expect(createOrPromoteAdmin(db, clock, { email: 'not-an-email' })).rejects.toThrow('Not an email address');
    });
    for (let i = 0; i < 50; i += 1) expect(isValidPassword(generatePassword())).toBe(true);
  });
});
