// The paths of the platform table that run other programs: LibreOffice round trips and pandoc conversions.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { htmlOf, type PlatformPath } from './text-paths.js';
import { OFFICE_FORMATS, hasLibreOffice, throughLibreOffice, type OfficeTarget } from '../office.js';

const run = promisify(execFile);

const LIBREOFFICE_TARGETS: [string, OfficeTarget][] = [
  ['HTML → DOCX → text', { convertTo: OFFICE_FORMATS.DOCX, extension: 'docx' }],
  ['HTML → ODT → text', { convertTo: OFFICE_FORMATS.ODT, extension: 'odt' }],
  ['HTML → RTF → text', { convertTo: 'rtf:Rich Text Format', extension: 'rtf' }],
  ['HTML → PDF export → pdftotext', { convertTo: 'pdf:writer_pdf_Export', extension: 'pdf', pdf: true }],
];

async function hasPandoc(): Promise<boolean> {
  try {
    await run('pandoc', ['--version']);
    return true;
  } catch {
    return false;
  }
}

const sentinel = (index: number): string => `wm-sample-${index}`;

/** The texts between the marker lines of one converted document (blank lines around them dropped). */
function splitAtSentinels(output: string, count: number): string[] {
  const lines = output.replace(/\r\n/g, '\n').split('\n');
  return Array.from({ length: count }, (_, index) => {
    const start = lines.indexOf(sentinel(index));
    const end = lines.indexOf(sentinel(index + 1));
    if (start < 0) return '';
    return lines
      .slice(start + 1, end < 0 ? undefined : end)
      .join('\n')
      .replace(/^\n+|\n+$/g, '');
  });
}

/** All texts in one pandoc document (a marker paragraph before each), through `steps`, split again. */
async function throughPandoc(
  texts: string[],
  input: 'markdown' | 'html',
  steps: (folder: string, source: string) => Promise<string>,
): Promise<string[]> {
  const folder = await mkdtemp(join(tmpdir(), 'wm-pandoc-'));
  try {
    const source = join(folder, `source.${input === 'html' ? 'html' : 'md'}`);
    const document = texts
      .map((text, index) =>
        input === 'html' ? `<p>${sentinel(index)}</p>\n${htmlOf(text)}` : `${sentinel(index)}\n\n${text}`,
      )
      .join('\n\n');
    await writeFile(
      source,
      input === 'html' ? `<!doctype html><meta charset="utf-8">\n${document}\n` : `${document}\n`,
    );
    return splitAtSentinels(await steps(folder, source), texts.length);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const pandoc = async (...args: string[]): Promise<string> =>
  (await run('pandoc', ['--wrap=preserve', ...args], { maxBuffer: 256 * 1024 * 1024 })).stdout;

const PANDOC_PATHS: PlatformPath[] = [
  {
    family: 'pandoc',
    name: 'Markdown → plain text',
    run: (texts) => throughPandoc(texts, 'markdown', (_, source) => pandoc('-f', 'markdown', '-t', 'plain', source)),
  },
  {
    family: 'pandoc',
    name: 'Markdown → DOCX → plain text',
    run: (texts) =>
      throughPandoc(texts, 'markdown', async (folder, source) => {
        const docx = join(folder, 'out.docx');
        await pandoc('-f', 'markdown', '-t', 'docx', '-o', docx, source);
        return pandoc('-f', 'docx', '-t', 'plain', docx);
      }),
  },
  {
    family: 'pandoc',
    name: 'HTML → Markdown (GFM)',
    run: (texts) => throughPandoc(texts, 'html', (_, source) => pandoc('-f', 'html', '-t', 'gfm', source)),
  },
];

/** The tool paths that this machine can run; the names of those it cannot (the tool is missing). */
export async function toolPaths(): Promise<{ paths: PlatformPath[]; missing: string[] }> {
  const paths: PlatformPath[] = [];
  const missing: string[] = [];
  if (await hasLibreOffice()) {
    for (const [name, target] of LIBREOFFICE_TARGETS) {
      paths.push({ family: 'LibreOffice', name, run: async (texts) => (await throughLibreOffice([texts], target))[0] });
    }
  } else missing.push('LibreOffice (apt-get install -y libreoffice-writer-nogui)');
  if (await hasPandoc()) paths.push(...PANDOC_PATHS);
  else missing.push('pandoc (apt-get install -y pandoc)');
  return { paths, missing };
}
