import { Chalk } from 'chalk';
import { reveal, revealText } from 'wm-watermark-codec/reveal';
import { colourLevel } from './colour.js';
import { formatJson } from './format.js';
import { readInputText, writeOutput } from './io.js';

export interface RevealCommandOptions {
  json?: boolean;
  out?: string;
}

export async function runReveal(file: string | undefined, options: RevealCommandOptions): Promise<void> {
  const text = await readInputText(file);
  const toFile = options.out !== undefined && options.out !== '-';
  let output: string;
  if (options.json) {
    output = formatJson({ segments: reveal(text), text: revealText(text) });
  } else {
    const level = colourLevel(toFile);
    const chalk = new Chalk({ level });
    // a C2PA manifest is not a mark of ours: its own colour
    const draw = (token: string): string =>
      token.startsWith('⟨C2PA') ? chalk.inverse.cyan(token) : chalk.inverse.yellow(token);
    output = level === 0 ? revealText(text) : revealText(text, draw);
  }
  await writeOutput(output, options.out);
}
