import type { AccountRunner } from '../../domain/account-operations.js';
import type { OpenedDomain } from '../../data-folder/open-domain.js';

/** Whose copies an offline run works on, and in which data folder or database. */
export interface OfflineAccountOptions {
  /** a named account of the data folder; without it, the data folder's operator account */
  user?: string;
  home?: string;
  database?: string;
}

/**
 * The account operations offline (`wm copies`, `wm trace`, `wm mcp`), each on the data folder opened for the call
 * and closed after it. With a user, that account's copies, as before. Without one, the operator account's: a first
 * issue makes it (and the data folder when missing) and says so through `notice`, once; a trace or a list where
 * none was made creates nothing and answers as an account that issued nothing.
 */
export function offlineAccountRunner(options: OfflineAccountOptions, notice: (line: string) => void): AccountRunner {
  return async (name, input) => {
    // an issue makes the operator account, and so does its preview: each copy's differences are that account's
    const makes = name === 'issue_copies' || name === 'preview_copies';
    const { databaseExists } = await import('../../store/index.js');
    if (!options.user && !makes && !databaseExists(options)) {
      const { noCopiesRunner } = await import('../../domain/account-operations.js');
      return noCopiesRunner(name, input);
    }
    const { openDomain } = await import('../../data-folder/open-domain.js');
    const opened = await openDomain({
      home: options.home,
      database: options.database,
      create: makes && !options.user,
    });
    try {
      const run = options.user
        ? await opened.domain.admin.accountOperations(options.user)
        : await operatorRunnerOf(opened, makes, notice);
      return await run(name, input);
    } finally {
      await opened.close();
    }
  };
}

async function operatorRunnerOf(
  opened: OpenedDomain,
  create: boolean,
  notice: (line: string) => void,
): Promise<AccountRunner> {
  const { OPERATOR_EMAIL } = await import('../../domain/operator-account.js');
  const { run, created } = await opened.domain.admin.operatorOperations({ create });
  if (created) {
    const where = opened.engine === 'sqlite' ? opened.home : 'the PostgreSQL database';
    notice(
      `wm: made the operator account ${OPERATOR_EMAIL} in ${where} for offline copies (no plan, never charged; ` +
        'name another account with --user EMAIL)',
    );
  }
  return run;
}
