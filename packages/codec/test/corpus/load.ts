import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const folder = fileURLToPath(new URL('.', import.meta.url));

export interface CorpusText {
  /** the file name without .txt: english, arabic, japanese… */
  name: string;
  text: string;
  /** a pattern that occurs in the text (its second line), for the `pattern` method */
  pattern: string;
}

/** The texts of packages/codec/test/corpus/*.txt, in file-name order, without the file's final newline. */
export function loadCorpus(): CorpusText[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.txt'))
    .sort()
    .map((file) => {
      const text = readFileSync(`${folder}/${file}`, 'utf8').replace(/\n$/, '');
      return { name: file.slice(0, -'.txt'.length), text, pattern: text.split('\n')[1] };
    });
}

/** `paragraph` repeated, a line break between, as long as it stays within `limit` characters (code points). */
export function repeatedUpTo(paragraph: string, limit: number): string {
  let text = paragraph;
  while ([...`${text}\n${paragraph}`].length <= limit) text += `\n${paragraph}`;
  return text;
}
