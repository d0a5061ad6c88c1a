// The paths of the platform table that run in this process: Markdown renderers, HTML to Markdown, HTML sanitizers,
// mail through a real MIME library, Unicode normalisation and the filters of prompt-injection guards.
import { Parser as CommonmarkParser, HtmlRenderer } from 'commonmark';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { simpleParser } from 'mailparser';
import MarkdownIt from 'markdown-it';
import { marked } from 'marked';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import sanitizeHtml from 'sanitize-html';
import TurndownService from 'turndown';

/** One way a text travels: it maps each text to what comes out at the other end. */
export interface PlatformPath {
  family: string;
  name: string;
  run(texts: string[]): Promise<string[]>;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
/** The text as an HTML fragment: a paragraph per line, as an editor or a CMS stores it. */
export const htmlOf = (text: string): string =>
  text
    .split('\n')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('\n');

const { window } = new JSDOM('');
/** What a reader sees of an HTML fragment: the text of each block, a line apiece. */
function shownText(html: string): string {
  const body = new JSDOM(`<body>${html}</body>`).window.document.body;
  const blocks = [...body.querySelectorAll('p, li, h1, h2, h3, h4, h5, h6, pre, blockquote, td')];
  if (blocks.length === 0) return body.textContent ?? '';
  return blocks
    .filter((block) => !block.parentElement?.closest('p, li, blockquote, td'))
    .map((block) => block.textContent ?? '')
    .join('\n');
}

const each =
  (transform: (text: string) => string | Promise<string>) =>
  async (texts: string[]): Promise<string[]> => {
    const out: string[] = [];
    for (const text of texts) out.push(await transform(text));
    return out;
  };

const markdownIt = new MarkdownIt();
const commonmark = { parser: new CommonmarkParser(), renderer: new HtmlRenderer() };
const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
const turndown = new TurndownService();

async function throughMail(text: string, textEncoding: 'quoted-printable' | 'base64'): Promise<string> {
  const message = await new MailComposer({
    from: 'sender@example.com',
    to: 'reader@example.com',
    subject: 'wm survival',
    text,
    textEncoding,
  })
    .compile()
    .build();
  const parsed = await simpleParser(message);
  return (parsed.text ?? '').replace(/\n$/, '');
}

const VARIATION_SELECTORS = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu;

export const TEXT_PATHS: PlatformPath[] = [
  { family: 'Markdown', name: 'markdown-it → HTML → text', run: each((text) => shownText(markdownIt.render(text))) },
  { family: 'Markdown', name: 'marked → HTML → text', run: each(async (text) => shownText(await marked.parse(text))) },
  {
    family: 'Markdown',
    name: 'commonmark.js → HTML → text',
    run: each((text) => shownText(commonmark.renderer.render(commonmark.parser.parse(text)))),
  },
  { family: 'Markdown', name: 'HTML → Markdown (Turndown)', run: each((text) => turndown.turndown(htmlOf(text))) },
  {
    family: 'HTML sanitizer',
    name: 'DOMPurify (jsdom) → text',
    run: each((text) => shownText(purify.sanitize(htmlOf(text)))),
  },
  {
    family: 'HTML sanitizer',
    name: 'sanitize-html (defaults) → text',
    run: each((text) => shownText(sanitizeHtml(htmlOf(text)))),
  },
  {
    family: 'Mail',
    name: 'nodemailer quoted-printable → mailparser',
    run: each((text) => throughMail(text, 'quoted-printable')),
  },
  { family: 'Mail', name: 'nodemailer base64 → mailparser', run: each((text) => throughMail(text, 'base64')) },
  { family: 'Unicode', name: 'NFC', run: each((text) => text.normalize('NFC')) },
  { family: 'Unicode', name: 'NFKC', run: each((text) => text.normalize('NFKC')) },
  {
    family: 'Prompt-injection filter',
    name: 'LLM Guard InvisibleText: drop Cf, Cc, Co, Cn',
    run: each((text) => text.replace(/[\p{Cf}\p{Cc}\p{Co}\p{Cn}]/gu, '')),
  },
  {
    family: 'Prompt-injection filter',
    name: 'drop tag characters (U+E0000–E007F)',
    run: each((text) => text.replace(/[\u{E0000}-\u{E007F}]/gu, '')),
  },
  {
    family: 'Prompt-injection filter',
    name: 'drop runs of 2+ variation selectors',
    run: each((text) => text.replace(/[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]{2,}/gu, '')),
  },
  {
    family: 'Prompt-injection filter',
    name: 'drop VS17–VS256',
    run: each((text) => text.replace(/[\u{E0100}-\u{E01EF}]/gu, '')),
  },
  {
    family: 'Prompt-injection filter',
    name: 'drop every variation selector',
    run: each((text) => text.replace(VARIATION_SELECTORS, '')),
  },
];
