// `npm run admin`: administrator accounts from the shell (see admin-command.ts for the commands).
import { adminCommand } from './admin-command';
import { runOperatorCommand } from './operator-cli';

runOperatorCommand(adminCommand);
