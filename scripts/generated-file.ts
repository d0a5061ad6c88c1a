import { readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';

/** A generated module's text, formatted as the repository formats it (so that `npm run format:check` agrees). */
export const formatGenerated = async (path: string, source: string): Promise<string> =>
  format(source, { ...(await resolveConfig(path)), filepath: path });

/**
 * A generator's command line: writes SOURCE to PATH, or with --check compares them instead (exit 1 when the file is
 * stale, naming COMMAND, which writes it anew).
 */
export function writeOrCheck(path: string, source: string, command: string): void {
  if (process.argv.includes('--check')) {
    const same = readFileSync(path, 'utf8') === source;
    console.log(same ? `${path} is up to date` : `${path} is stale: ${command}`);
    process.exit(same ? 0 : 1);
  }
  writeFileSync(path, source);
  console.log(`wrote ${path}`);
}
