import { parseArgs } from 'node:util';
import { systemClock } from '../clock';
import { AppError } from '../errors/app-error';
import { createOrPromoteAdmin, listAdmins } from '../features/admin/admin-bootstrap';
import { withMigratedDatabase, type CommandIo } from './operator-cli';

const USAGE = `Administrator accounts (the admin screen at /admin and /api/admin).

  npm run admin -- create --email <email> [--name <name>] [--type 00000|00001|00002|00003] [--password-stdin]
  npm run admin -- list

create makes a new, active admin account, or gives an existing account the admin role (its
password stays). Without --password-stdin a new account gets a generated temporary password,
printed once, that must be changed at the first sign-in. With it, the first line of standard input
is the password (8 to 24 characters: upper and lower case, a digit, one of !@#$%^&+=()), e.g.
  printf '%s\\n' "$ADMIN_PASSWORD" | npm run admin -- create --email ops@example.com --password-stdin
The server's environment (DATA_DIR or DATABASE_URL) picks the database; on PGlite stop the server
first (one process per data directory). Sign in as the admin through the normal sign-in.`;

async function readFirstLine(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

/** `npm run admin -- <argv>` (admin.ts is the process's entry point; tests call this in-process). */
export async function adminCommand(argv: string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      type: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  const [command] = positionals;
  if (values.help || !command) {
    io.out(USAGE);
    return command ? 0 : 1;
  }
  if (command !== 'create' && command !== 'list') {
    io.err(`unknown command "${command}"\n\n${USAGE}`);
    return 1;
  }
  if (command === 'create' && !values.email) throw new AppError('VALIDATION_FAILED', 'create needs --email <email>.');
  const password = command === 'create' && values['password-stdin'] ? await readFirstLine(io.stdin) : null;
  return withMigratedDatabase(async (db) => {
    if (command === 'list') {
      for (const user of await listAdmins(db)) io.out(`${user.uuid}  ${user.email}  ${user.firstName}  ${user.status}`);
      return 0;
    }
    const input = { email: values.email ?? '', name: values.name, userType: values.type, password };
    const result = await createOrPromoteAdmin(db, systemClock, input);
    const { email } = result.user;
    if (result.outcome === 'already') io.out(`${email} is already an admin; nothing changed`);
    if (result.outcome === 'promoted') io.out(`${email} is now an admin${password === null ? '' : ' (its password was not changed)'}`);
    if (result.outcome === 'created') io.out(`created admin ${email}`);
    if (result.generatedPassword) io.out(`temporary password (change it at the first sign-in): ${result.generatedPassword}`);
    return 0;
  }, io.env);
}
