import type { Command } from 'commander';
import type { CodecOperationName } from '../../domain/operation-rules.js';
import { OPERATION_COMMANDS } from './options.generated.js';

// Flags that the codec commands and `wm c2pa sign` share.

/** The codec commands that a wm server also offers: run there instead of locally. */
export const addRemoteOptions = (command: Command, { withHome }: { withHome: boolean }): Command => {
  command
    .option('--server <url>', 'run on this wm server instead of locally (default: $WM_SERVER)')
    .option('--token <token>', 'API token for --server (default: $WM_TOKEN, else the stored login for that server)')
    .option('--remote', 'run on the server of the stored login (wm login)');
  if (!withHome) return command;
  return command.option('--home <dir>', 'data folder holding the stored login (default: $WM_HOME, else ~/.wm)');
};

/** --json: the operation's result, whose fields its row's result schema names. */
export const addJsonOption = (command: Command, operation: CodecOperationName): Command =>
  command.option(
    '--json',
    `print ${OPERATION_COMMANDS[operation].json} as JSON (the HTTP response of the same operation)`,
  );
