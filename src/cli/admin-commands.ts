import type { Command } from 'commander';
import { DATABASE_HELP } from './database-options.js';

// Only option definitions live here; each action imports its implementation (and with it drizzle and SQLite)
// when it runs, so `wm --help` and the codec commands stay fast. Arguments are optional for commander because
// a missing one is asked for on a terminal (and refused with exit 2 elsewhere) by the implementation.

const common = (command: Command): Command =>
  command
    .option('--home <dir>', 'data folder (default: $WM_HOME, else ~/.wm)')
    .option('--database <url>', DATABASE_HELP)
    .option('--json', 'print the result as JSON (the HTTP response shape of the same operation)');

const passwordSources = (command: Command): Command =>
  command
    .option('--password-file <file>', 'read the password from the first line of FILE')
    .option('--password-stdin', 'read the password from the first line of standard input');

function registerUsers(program: Command): void {
  const users = program
    .command('users')
    .summary('manage accounts in the data folder')
    .description('Manage accounts directly in the database.');
  common(
    passwordSources(
      users
        .command('create')
        .description('create an account (asks for missing values on a terminal)')
        .option('--email <email>', 'email address (unique)')
        .option('--username <name>', 'display name')
        .option('--first-name <name>', 'first name')
        .option('--last-name <name>', 'last name')
        .option('--verified', 'mark the email address as verified')
        .option('--plan <plan>', 'free, starter or pro (default free)'),
    ),
  ).action(async (options) => (await import('./admin/users.js')).createUser(options));
  common(users.command('list').description('list all accounts')).action(async (options) =>
    (await import('./admin/users.js')).listUsers(options),
  );
  common(users.command('show').description('show one account').argument('[email]')).action(async (email, options) =>
    (await import('./admin/users.js')).showUser(email, options),
  );
  common(users.command('verify').description('mark the email address as verified').argument('[email]')).action(
    async (email, options) => (await import('./admin/users.js')).verifyUser(email, options),
  );
  common(
    users
      .command('set-plan')
      .description('change the plan (free, starter, pro) and optionally the subscription status')
      .argument('[email]')
      .argument('[plan]')
      .option('--status <status>', 'active, past_due, paused, cancelled or expired'),
  ).action(async (email, plan, options) => (await import('./admin/users.js')).setPlan(email, plan, options));
  common(
    users
      .command('suspend')
      .description('suspend the account (open payment dispute): every API operation is refused')
      .argument('[email]')
      .option('--reason <text>', 'why, shown to the operator'),
  ).action(async (email, options) => (await import('./admin/users.js')).suspendUser(email, options));
  common(users.command('unsuspend').description('lift a suspension').argument('[email]')).action(
    async (email, options) => (await import('./admin/users.js')).unsuspendUser(email, options),
  );
  common(
    users.command('delete').description('delete the account with its tokens, channels and history').argument('[email]'),
  ).action(async (email, options) => (await import('./admin/users.js')).deleteUser(email, options));
  common(
    passwordSources(users.command('passwd').description('set a new password (ends all sessions)').argument('[email]')),
  ).action(async (email, options) => (await import('./admin/users.js')).changePassword(email, options));
}

function registerTokens(program: Command): void {
  const tokens = program
    .command('tokens')
    .summary('manage watermark API tokens')
    .description('Manage watermark API tokens.');
  common(
    tokens
      .command('create')
      .description('create an API token and print its secret (shown this once only)')
      .option('--user <email>', 'owner')
      .option('--name <name>', 'a name to recognise the token by')
      .option('--permissions <list>', 'comma-separated: encode, decode or encode,decode')
      .option('--channel <name>', "bind to the owner's channel NAME (keyed mode)")
      .option('--sign', "sign every mark with the channel's signing key (the channel needs one)")
      .option('--no-encrypt', 'with --sign: signed marks that are not encrypted, so anyone can read and verify them'),
  ).action(async (options) => (await import('./admin/tokens.js')).createToken(options));
  common(
    tokens.command('list').description("list a user's tokens (never the secrets)").option('--user <email>', 'owner'),
  ).action(async (options) => (await import('./admin/tokens.js')).listTokens(options));
  common(tokens.command('revoke').description('delete a token; it stops working at once').argument('[id]')).action(
    async (id, options) => (await import('./admin/tokens.js')).revokeToken(id, options),
  );
}

function registerChannels(program: Command): void {
  const channels = program
    .command('channels')
    .summary('manage channels')
    .description(
      'Manage channels: the keys of keyed (encrypted) and signed watermarks (the API says signing channels).',
    );
  common(
    channels
      .command('create')
      .description('create a channel with a new key')
      .argument('[name]')
      .option('--user <email>', 'owner')
      .option('--signing', 'also give it an Ed25519 signing key pair (for tokens created with --sign)')
      .option('--public', 'list its signing keys in /.well-known/wm-keys.json')
      .option('--signer-name <name>', 'the name the key set gives its keys (default: the channel name)'),
  ).action(async (name, options) => (await import('./admin/channels.js')).createChannel(name, options));
  common(
    channels
      .command('new-signing-key')
      .description(
        'give the channel a new signing key: its first, or a rotation (the current key is retired and stays ' +
          'published, so marks it made keep verifying)',
      )
      .argument('[name]')
      .option('--user <email>', 'owner'),
  ).action(async (name, options) => (await import('./admin/channels.js')).newSigningKey(name, options));
  common(
    channels
      .command('withdraw-signing-key')
      .description(
        'delete a retired signing key that leaked: it leaves the key set and its marks no longer verify ' +
          '(the current key: rotate first)',
      )
      .argument('[name]')
      .argument('[key-id]')
      .option('--user <email>', 'owner'),
  ).action(async (name, keyId, options) =>
    (await import('./admin/channels.js')).withdrawSigningKey(name, keyId, options),
  );
  common(
    channels
      .command('c2pa-certificate')
      .description(
        'give the channel a C2PA signing certificate, replacing its own: made here (a root of its own issues it; ' +
          'readers see "signed, unknown signer" until they trust that root), or imported with --key and --cert',
      )
      .argument('[name]')
      .option('--user <email>', 'owner')
      .option('--algorithm <alg>', 'the key of a made certificate: es256 (default) or ed25519')
      .option('--signer-name <name>', 'who signs, as a made certificate names it (default: the signer name)')
      .option('--days <n>', 'validity of a made certificate (default 365)')
      .option('--key <file>', 'import: the signing key (PEM)')
      .option('--cert <file>', "import: the signer's certificate first, then its issuers (PEM)")
      .option('--show', 'print the certificate the channel holds, change nothing'),
  ).action(async (name, options) => (await import('./admin/c2pa-certificate.js')).setC2paCertificate(name, options));
  common(
    channels
      .command('publish')
      .description(
        "ask for the channel's signing keys, retired ones included, to be listed in /.well-known/wm-keys.json; " +
          'with --approve, the operator approves it (see wm channels pending)',
      )
      .argument('[name]')
      .option('--user <email>', 'owner')
      .option('--signer-name <name>', 'the name the key set gives its keys ("" for the channel name)')
      .option('--approve', 'approve the publication: the keys join the key set (the owner must be verified)'),
  ).action(async (name, options) => (await import('./admin/channels.js')).publishChannel(name, options, true));
  common(
    channels
      .command('pending')
      .description('list the channels that ask for their keys to be published and wait for approval'),
  ).action(async (options) => (await import('./admin/channels.js')).listPendingPublications(options));
  common(
    channels
      .command('unpublish')
      .description("take the channel's signing keys out of /.well-known/wm-keys.json")
      .argument('[name]')
      .option('--user <email>', 'owner'),
  ).action(async (name, options) => (await import('./admin/channels.js')).publishChannel(name, options, false));
  common(channels.command('list').description("list a user's channels").option('--user <email>', 'owner')).action(
    async (options) => (await import('./admin/channels.js')).listChannels(options),
  );
  common(
    channels
      .command('deactivate')
      .description('deactivate a channel (its key and bound tokens keep working)')
      .argument('[name]')
      .option('--user <email>', 'owner'),
  ).action(async (name, options) => (await import('./admin/channels.js')).deactivateChannel(name, options));
}

function registerCredits(program: Command): void {
  const credits = program.command('credits').summary('show and grant credits').description('Show and grant credits.');
  common(credits.command('show').description('balance, plan and quota').argument('[email]')).action(
    async (email, options) => (await import('./admin/credits.js')).showCredits(email, options),
  );
  common(credits.command('grant').description('add N credits').argument('[email]').argument('[n]')).action(
    async (email, n, options) => (await import('./admin/credits.js')).grantCredits(email, n, options),
  );
  common(
    credits
      .command('usage')
      .description('credit history, newest first')
      .argument('[email]')
      .option('--limit <n>', 'at most N entries', '100'),
  ).action(async (email, options) => (await import('./admin/credits.js')).showUsage(email, options));
}

function registerDb(program: Command): void {
  const db = program
    .command('db')
    .summary('database maintenance')
    .description('Create, migrate, inspect, copy, back up, restore and prune the database.');
  common(
    db
      .command('migrate')
      .description('create or bring the database up to date (PostgreSQL: the only way besides wm serve --migrate)'),
  ).action(async (options) => (await import('./admin/db.js')).migrateDb(options));
  common(db.command('info').description('where the data is and what it holds')).action(async (options) =>
    (await import('./admin/db.js')).dbInfo(options),
  );
  db.command('copy')
    .description(
      'copy a SQLite installation (its wm.db, or the data folder holding it) into an empty PostgreSQL database: ' +
        'accounts, sessions, channels with their sealed keys, API tokens, the ledger and counters',
    )
    .option('--from <path>', 'the SQLite database file, or the data folder holding wm.db')
    .option('--to <url>', 'the PostgreSQL database to fill, postgres://… (default: $WM_DATABASE_URL)')
    .option('--json', 'print the rows copied per table as JSON')
    .action(async (options) => (await import('./admin/db.js')).copyDb(options));
  common(
    db
      .command('backup')
      .description(
        'copy the database, consistent and checked, while wm serve may run (mode 0600); without the master key ' +
          'unless --with-key. SQLite only: back up PostgreSQL with pg_dump',
      )
      .argument('<file>', 'the backup to write (replaced atomically)')
      .option('--with-key', 'write one bundle of the database and the master key, encrypted under a passphrase')
      .option('--passphrase-file <file>', "the bundle's passphrase: the first line of FILE (else asked on a terminal)"),
  ).action(async (file, options) => (await import('./admin/backup.js')).backupDb(file, options));
  db.command('restore')
    .description(
      'make a backup (or bundle) the database of a data folder no wm serve is using; checks it and its channel ' +
        'keys first',
    )
    .argument('<file>', 'a backup or bundle written by wm db backup')
    .option('--home <dir>', 'data folder (default: $WM_HOME, else ~/.wm)')
    .option('--database <url>', 'refused: a PostgreSQL database is restored with pg_restore')
    .option('--json', 'print the result as JSON')
    .option('--force', 'replace the database (and master key) there; the old ones are kept beside them')
    .option('--passphrase-file <file>', "a bundle's passphrase: the first line of FILE (else asked on a terminal)")
    .action(async (file, options) => (await import('./admin/backup.js')).restoreDb(file, options));
  common(
    db
      .command('prune')
      .description('delete usage history older than DURATION; balances and quotas are unchanged')
      .requiredOption('--usage-older-than <duration>', '90d, 12w, 13mo or 2y (days, weeks, calendar months or years)'),
  ).action(async (options) => (await import('./admin/db.js')).pruneDb(options));
  db.command('rotate-master-key')
    .description(
      're-seal every channel and signing key under a new master key (stop every wm serve on the database first); ' +
        'access tokens signed with the old key stop working, refresh tokens keep working',
    )
    .option('--home <dir>', 'data folder (default: $WM_HOME, else ~/.wm)')
    .option('--database <url>', DATABASE_HELP)
    .option('--json', 'print the result as JSON')
    .option(
      '--new-key-env <name>',
      'take the new key (64 hex characters) from this variable (required when WM_MASTER_KEY is set)',
    )
    .action(async (options) => (await import('./admin/rotate.js')).rotateMasterKey(options));
}

export function registerAdminCommands(program: Command): void {
  registerUsers(program);
  registerTokens(program);
  registerChannels(program);
  registerCredits(program);
  registerDb(program);
}
