import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { visibleWords } from '../../src/domain/fingerprint/visible-words.js';

const NODE_MODULES = new URL('../../node_modules/', import.meta.url).pathname;
const MIN_WORDS = 200;
const PASSAGE_WORDS = 8;

function packageFolders(): string[] {
  return readdirSync(NODE_MODULES)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) =>
      name.startsWith('@')
        ? readdirSync(join(NODE_MODULES, name)).map((inner) => join(NODE_MODULES, name, inner))
        : [join(NODE_MODULES, name)],
    )
    .sort();
}

/**
 * The README.md files of the installed packages (the lock file pins them), each once, of at least 200 words: real
 * prose in which different documents share text only where they truly do (licence terms, install instructions).
 */
export function readmeDocuments(): string[] {
  const seen = new Set<string>();
  const documents: string[] = [];
  for (const folder of packageFolders()) {
    const path = join(folder, 'README.md');
    let text: string;
    try {
      if (!statSync(path).isFile()) continue;
      text = readFileSync(path, 'utf8');
    } catch {
      continue;
    }
    if (seen.has(text) || visibleWords(text).tokens.length < MIN_WORDS) continue;
    seen.add(text);
    documents.push(text);
  }
  return documents;
}

/** Whether two texts share a run of eight words (as the fingerprint reads words): a passage in common. */
export function sharesPassage(a: string, b: string): boolean {
  const runs = (text: string): Set<string> => {
    const { tokens } = visibleWords(text);
    const found = new Set<string>();
    for (let i = 0; i + PASSAGE_WORDS <= tokens.length; i++) found.add(tokens.slice(i, i + PASSAGE_WORDS).join(' '));
    return found;
  };
  const inA = runs(a);
  for (const run of runs(b)) if (inA.has(run)) return true;
  return false;
}
