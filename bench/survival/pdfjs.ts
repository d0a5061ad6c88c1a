import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

interface TextItem {
  str?: string;
  hasEOL?: boolean;
}

/**
 * pdf.js's text of each page (Firefox's viewer and many web viewers): its text items, a line feed where it ends a
 * line.
 */
export async function pdfjsPages(pdf: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push((content.items as TextItem[]).map((item) => (item.str ?? '') + (item.hasEOL ? '\n' : '')).join(''));
    }
    return pages;
  } finally {
    await document.destroy();
  }
}
