import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/errors.js';
import { ACCOUNT_OPERATION_NAMES, CODEC_OPERATION_NAMES, OPERATIONS } from '../../src/ops/operations.js';

const read = (file: string) => readFileSync(fileURLToPath(new URL(`../../${file}`, import.meta.url)), 'utf8');

/** The codes of the first table after `heading`: a row per code, or a range such as 7–10. */
function exitCodesListed(document: string, heading: string): number[] {
  const table = document.slice(document.indexOf(heading)).split('\n\n')[1];
  return table.split('\n').flatMap((row) => {
    const match = /^\| (\d+)(?:–(\d+))? \|/.exec(row);
    if (!match) return [];
    const [from, to] = [Number(match[1]), Number(match[2] ?? match[1])];
    return Array.from({ length: to - from + 1 }, (_, n) => from + n);
  });
}

describe('what the README and docs/CLI.md list is what the code has', () => {
  const codes = Object.values(EXIT).sort((a, b) => a - b);

  it('every exit code, once', () => {
    expect(exitCodesListed(read('README.md'), '**Exit codes**')).toEqual(codes);
    expect(exitCodesListed(read('docs/CLI.md'), '## Exit codes')).toEqual(codes);
  });

  it("every MCP tool, by its name and the hosted service's; the copies tools in docs/TRACING.md", () => {
    const section = read('README.md').split('## AI assistants (MCP)')[1].split('\n## ')[0];
    const tools = CODEC_OPERATION_NAMES.flatMap((name) => [
      name,
      ...(OPERATIONS[name].hosted ? [OPERATIONS[name].hosted.name] : []),
    ]);
    expect(tools.filter((tool) => !section.includes(`\`${tool}\``))).toEqual([]);
    // the account operations are the copies' (the README points there): their one document names each
    const tracing = read('docs/TRACING.md');
    expect(ACCOUNT_OPERATION_NAMES.filter((tool) => !tracing.includes(`\`${tool}\``))).toEqual([]);
  });
});
