// `npm run ceph`: batch cephalometrics over a dataset manifest (commands and exit codes in ceph-command.ts).
import { cephCommand } from './ceph-command';

process.exitCode = cephCommand(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
