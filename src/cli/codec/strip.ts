import { strip } from '../../codec/strip.js';
import { formatJson } from './format.js';
import { readInputText, writeOutput } from './io.js';

export interface StripCommandOptions {
  json?: boolean;
  out?: string;
}

export async function runStrip(file: string | undefined, options: StripCommandOptions): Promise<void> {
  const text = strip(await readInputText(file));
  await writeOutput(options.json ? formatJson({ text }) : text, options.out);
}
