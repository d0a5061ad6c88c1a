import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SOFFICE = 'soffice';

/** Office formats LibreOffice writes from HTML: the format name for --convert-to. */
export const OFFICE_FORMATS = { DOCX: 'docx:MS Word 2007 XML', ODT: 'odt' } as const;
export type OfficeFormat = keyof typeof OFFICE_FORMATS;

/** Whether LibreOffice (Debian's libreoffice-writer-nogui) is installed. */
export async function hasLibreOffice(): Promise<boolean> {
  try {
    await run(SOFFICE, ['--version']);
    return true;
  } catch {
    return false;
  }
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
const sentinel = (index: number): string => `wm-sample-${index}`;
/** LibreOffice's PDF export of an HTML page leaves out its first paragraph: a title goes first. */
const TITLE = '<p>wm samples</p>';

/** What LibreOffice makes of the HTML page and how its text is read back: its own text export, or poppler's. */
export interface OfficeTarget {
  /** --convert-to of the document */
  convertTo: string;
  /** the file extension LibreOffice gives that document */
  extension: string;
  /** pdftotext reads the document (a PDF) instead of LibreOffice's text export */
  pdf?: boolean;
}

/**
 * Each group of texts as one HTML page (a paragraph per line, a marker paragraph before each text) converted by
 * LibreOffice headless to the office format, then to plain UTF-8 text: what a reader gets after saving the page as
 * a document and exporting its text. One conversion per group and format keeps LibreOffice's start-up cost low.
 */
export async function throughOffice(groups: string[][], format: OfficeFormat): Promise<string[][]> {
  return throughLibreOffice(groups, { convertTo: OFFICE_FORMATS[format], extension: format.toLowerCase() });
}

/** throughOffice, to any document LibreOffice writes (RTF, a PDF read back by poppler's pdftotext, …). */
export async function throughLibreOffice(groups: string[][], target: OfficeTarget): Promise<string[][]> {
  const folder = await mkdtemp(join(tmpdir(), 'wm-office-'));
  try {
    const pages = groups.map((_, group) => join(folder, `group-${group}.html`));
    await Promise.all(
      groups.map((texts, group) => {
        const body = texts
          .map((text, index) =>
            [sentinel(index), ...text.split('\n').map(escapeHtml)].map((line) => `<p>${line}</p>`).join('\n'),
          )
          .join('\n');
        return writeFile(
          pages[group],
          `<!doctype html><html><head><meta charset="utf-8"></head><body>\n${TITLE}\n${body}\n</body></html>\n`,
        );
      }),
    );
    // A profile of its own: never the user's, and no clash with a LibreOffice already running
    const profile = `-env:UserInstallation=${pathToFileURL(join(folder, 'profile')).href}`;
    const convert = (to: string, outdir: string, files: string[]) =>
      run(SOFFICE, [profile, '--headless', '--convert-to', to, '--outdir', outdir, ...files], { timeout: 600_000 });
    const documents = join(folder, 'documents');
    await convert(target.convertTo, documents, pages);
    const texts = join(folder, 'texts');
    const made = groups.map((_, group) => join(documents, `group-${group}.${target.extension}`));
    if (target.pdf) {
      await mkdir(texts);
      await Promise.all(
        made.map((pdf, group) => run('pdftotext', ['-enc', 'UTF-8', pdf, join(texts, `group-${group}.txt`)])),
      );
    } else await convert('txt:Text (encoded):UTF8', texts, made);
    return Promise.all(
      groups.map(async (samples, group) => {
        const lines = (await readFile(join(texts, `group-${group}.txt`), 'utf8'))
          .replace(/^\uFEFF/, '')
          .replace(/\f/g, '')
          .split(/\r?\n/);
        return samples.map((_, index) => {
          const start = lines.indexOf(sentinel(index));
          const end = lines.indexOf(sentinel(index + 1));
          return start < 0
            ? ''
            : lines
                .slice(start + 1, end < 0 ? undefined : end)
                .join('\n')
                .replace(/\n+$/, '');
        });
      }),
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
