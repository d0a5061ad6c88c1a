import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encode, encodeRobust } from 'wm-watermark-codec';
import { seededRandom } from '../packages/codec/src/robust/prng.js';
import { ROOT } from './processes.js';

/** What a generated tree holds. */
export interface TreeShape {
  files: number;
  bytes: number;
  /** files that hold a watermark or foreign invisible characters */
  marked: number;
}

/** The corpus texts (25 languages, emoji, math, mixed directions), read from the repository. */
function corpusTexts(): string[] {
  const folder = join(ROOT, 'test', 'corpus');
  return readdirSync(folder)
    .filter((file) => file.endsWith('.txt'))
    .sort()
    .map((file) => readFileSync(join(folder, file), 'utf8'));
}

/** Two files of this size in every tree, larger than a window (8 MiB): read in several windows. */
const LARGE_FILE_BYTES = 12e6;

/**
 * A tree like a shared folder of documents: `files` files in nested folders, sizes spread log-uniformly from
 * 1 kB to 1 MB and two files of 12 MB, every script of the corpus, and about 3 % of the files marked: a VS
 * watermark, a robust watermark (files below 200 kB; larger ones a VS watermark), or zero-width, direction and tag
 * characters. Seeded: the same tree every run. Trees of different sizes share the largest file size, so that
 * their peak memory compares the effect of the number of files alone.
 */
export function writeTree(dir: string, files: number, totalBytes: number): TreeShape {
  const texts = corpusTexts();
  const random = seededRandom(20_240_601);
  const shape: TreeShape = { files: 0, bytes: 0, marked: 0 };
  // sizes first, scaled to the total less the two large files
  const large = LARGE_FILE_BYTES;
  const sizes = Array.from({ length: files - 2 }, () => Math.exp(Math.log(1e3) + random() * Math.log(1e3)));
  const scale = (totalBytes - 2 * large) / sizes.reduce((sum, size) => sum + size, 0);
  for (let k = 0; k < files; k++) {
    const size = Math.round(k < files - 2 ? sizes[k] * scale : large);
    const folder = join(dir, `d${k % 37}`, `e${k % 11}`);
    mkdirSync(folder, { recursive: true });
    let text = fill(texts[k % texts.length], size);
    const mark = random() < 0.03 ? Math.floor(random() * 3) : -1;
    if (mark === 0 || (mark === 1 && size >= 200_000)) text = encode(text, `document ${k}`).encoded;
    else if (mark === 1) text = encodeRobust(text, `robust ${k}`, { seed: k }).watermarked;
    if (mark === 2) text = text.replace(/ /, ' \u200B\u200B').replace(/\n/, '\u202E\n').replace(/\./, '.\u{E0041}');
    if (mark >= 0) shape.marked++;
    writeFileSync(join(folder, `f${k}.txt`), text);
    shape.files++;
    shape.bytes += Buffer.byteLength(text);
  }
  return shape;
}

/** `text` repeated, line after line, to about `bytes` UTF-8 bytes. */
function fill(text: string, bytes: number): string {
  const unit = `${text}\n`;
  const count = Math.max(1, Math.round(bytes / Buffer.byteLength(unit)));
  return unit.repeat(count);
}
