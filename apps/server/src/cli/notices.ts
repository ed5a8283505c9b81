import { NOTICE_LANGS } from '@ceppro/contract';
import { parseArgs } from 'node:util';
import { systemClock } from '../clock';
import { AppError } from '../errors/app-error';
import { createNoticeRepository } from '../features/notices/notice.repository';
import { createNoticeService } from '../features/notices/notice.service';
import { runOperatorCommand, withMigratedDatabase } from './operator-cli';

const USAGE = `The operator's notices and events (served by /public/notices: a notice shows as a banner, an event in the event popup).

  npm run notices -- add --kind event|notice --starts <ISO time> --ends <ISO time> \\
      --title-en <text> --body-en <text> [--title-ko <text> --body-ko <text> ...]
  npm run notices -- list
  npm run notices -- remove <id>

Languages: ${NOTICE_LANGS.join(', ')}; a reader whose language is missing gets English, then any written one.
Times need an offset, e.g. 2026-12-01T00:00:00+09:00. The server's environment (DATA_DIR or DATABASE_URL)
picks the database; on PGlite stop the server first (one process per data directory).`;

const textOptions = Object.fromEntries(
  NOTICE_LANGS.flatMap((l) => [
    [`title-${l}`, { type: 'string' }],
    [`body-${l}`, { type: 'string' }],
  ]),
) as Record<string, { type: 'string' }>;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { kind: { type: 'string' }, starts: { type: 'string' }, ends: { type: 'string' }, help: { type: 'boolean' }, ...textOptions },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  return withMigratedDatabase(async (db) => {
    const notices = createNoticeService({ repository: createNoticeRepository(db), clock: systemClock });
    const given: Record<string, string | boolean | undefined> = values;
    const texts = (part: 'title' | 'body') =>
      Object.fromEntries(
        NOTICE_LANGS.flatMap((l) => {
          const text = given[`${part}-${l}`];
          return typeof text === 'string' ? [[l, text]] : [];
        }),
      );
    switch (command) {
      case 'add': {
        const row = await notices.add({
          kind: values.kind,
          starts_at: values.starts,
          ends_at: values.ends,
          title: texts('title'),
          body: texts('body'),
        });
        console.log(`added ${row.kind} ${row.id} (${row.startsAt.toISOString()} .. ${row.endsAt.toISOString()})`);
        return 0;
      }
      case 'list':
        for (const row of await notices.list()) {
          console.log(
            `${row.id}  ${row.kind.padEnd(6)}  ${row.startsAt.toISOString()} .. ${row.endsAt.toISOString()} ` +
              ` ${Object.keys(row.title).join(',')}  ${Object.values(row.title)[0] ?? ''}`,
          );
        }
        return 0;
      case 'remove': {
        const [id] = rest;
        if (!id) throw new AppError('VALIDATION_FAILED', 'remove needs the notice id (see list).');
        await notices.remove(id);
        console.log(`removed ${id}`);
        return 0;
      }
      default:
        console.error(`unknown command "${command}"\n\n${USAGE}`);
        return 1;
    }
  });
}

runOperatorCommand(main);
