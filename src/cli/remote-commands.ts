import type { Command } from 'commander';
import { CHANNEL_DATABASE_HELP } from './database-options.js';
import { ACCOUNT_OPERATION_NAMES, CODEC_OPERATION_NAMES, type OperationName } from '../domain/operation-rules.js';
import { collect } from './codec/option-parsers.js';
import { OPERATION_COMMANDS } from './codec/options.generated.js';
import { CliError } from './errors.js';

// Only option definitions live here; each action imports its implementation (the HTTP client, the MCP SDK) when
// it runs, so the codec commands never load them.

const home = (command: Command): Command =>
  command.option('--home <dir>', 'data folder of the stored login (default: $WM_HOME, else ~/.wm)');
const json = (command: Command): Command => command.option('--json', 'print the result as JSON');
const target = (command: Command): Command =>
  command
    .option('--server <url>', 'a wm server (default: $WM_SERVER)')
    .option('--token <token>', 'API token for --server (default: $WM_TOKEN, else the stored login for that server)')
    .option('--remote', 'the server and token of the stored login (wm login)');

/** The MCP tools of these operations, as the table names them: each operation, then the hosted service's names. */
function toolNames(operations: readonly OperationName[]): string {
  const names = operations.flatMap((name) => OPERATION_COMMANDS[name].tools);
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export function registerRemoteCommands(program: Command): void {
  json(
    home(
      program
        .command('login')
        .summary('sign in to a wm server and store an API token for this machine')
        .description(
          'Sign in to a wm server with email and password, create an API token named after this machine and ' +
            'store the server and the token in the data folder (login.json, mode 0600). The password and the ' +
            'session are not kept.',
        )
        .requiredOption('--server <url>', 'the wm server, e.g. https://wm.example.com')
        .option('--email <email>', 'account email (asked for on a terminal)')
        .option('--password-stdin', 'read the password from the first line of standard input')
        .option('--permissions <list>', 'permissions of the token: encode, decode or encode,decode', 'encode,decode')
        .option('--channel <name>', 'bind the token to this channel (keyed watermarks)')
        .option('--sign', "with --channel: the token signs its marks with the channel's signing key")
        .option('--name <name>', 'token name (default: "wm login on <hostname>")')
        .option('--insecure', 'allow a plain http:// server that is not this machine (the password goes unencrypted)'),
    ),
  ).action(async (options) => (await import('./remote/login.js')).runLogin(options));

  json(
    home(program.command('logout').description("revoke the stored login's API token on its server and forget it")),
  ).action(async (options) => (await import('./remote/login.js')).runLogout(options));

  json(
    home(
      target(
        program
          .command('whoami')
          .description(
            'show the server, account, API token, balance and monthly limit of the stored login ' +
              '(or of --server/--token)',
          ),
      ),
    ),
  ).action(async (options) => (await import('./remote/whoami.js')).runWhoami(options));

  home(
    target(
      program
        .command('mcp')
        .summary('serve the watermark tools to an AI assistant (MCP over stdio)')
        .description(
          `Serve ${toolNames(CODEC_OPERATION_NAMES)} as Model Context Protocol tools over stdin/stdout. Offline by ` +
            'default; with --server/--token, WM_SERVER/WM_TOKEN or --remote every call goes to that server, and ' +
            `the account's operations are tools too: ${toolNames(ACCOUNT_OPERATION_NAMES)}.`,
        ),
    ),
  )
    .option('--key-file <file>', 'offline keyed mode: 32-byte key from FILE (wm keygen)')
    .option('--channel <name>', 'offline keyed mode with the stored key of channel NAME (needs --user)')
    .option('--user <email>', 'owner of --channel')
    .option('--database <url>', CHANNEL_DATABASE_HELP)
    .option('--sign-key <file>', 'offline: sign encoded marks with this Ed25519 private key (wm keygen --sign)')
    .option(
      '--keys <file>',
      'offline: verify signed marks with these public keys, a key set (a file or https:// address) or NAME.pub ' +
        '(repeatable)',
      collect,
    )
    .action(async (options) => {
      const failure = await (await import('./mcp/entry.js')).runMcpCommand(options);
      if (failure) throw new CliError(failure.exitCode, failure.message);
    });
}
