import { beforeAll, describe, expect, test } from 'vitest';
import { useRenderPage } from './chromium.js';
import { compareRenderings, describeDifference } from './compare.js';
import { compareExtractions, kindsOf } from './extraction.js';
import { fontFamiliesFor } from './fonts.js';
import { popplerPages, printToPdf } from './pdf.js';
import { NOT_CARRIER, carrierFloorAt } from '../../packages/codec/src/carriers.js';
import { graphemes } from '../../packages/codec/src/graphemes.js';
import { decode, decodeRobust, encode, encodeRobust } from 'wm-watermark-codec';

// Format revision 4 (docs/FORMAT.md, "Dictionary scripts"): Thai, Lao, Khmer and Myanmar carry where a run of their
// letters ends other than at whitespace — before punctuation, digits, another script, a zero-width space, a line
// break. These texts hold every such kind, written for this check; each is drawn with and without marks at every
// such position, in two fonts per script and at six widths, and printed to PDF.

const TEXTS: Record<string, string> = {
  thai: [
    'ราคา 250 บาท (ประมาณ 7 ดอลลาร์) ที่ร้าน "ครัวไทย" ในกรุงเทพฯ.',
    'เขาพูดว่า “สวัสดีครับ!” แล้วก็ยิ้ม เด็กๆ. ใช้Wi-Fiได้ฟรี วันที่๕ เดือนนี้',
    'ในฤดูร้อน, ผู้คนนิยมกินข้าวเหนียวมะม่วง; ดื่มน้ำมะพร้าว: อร่อยมาก?',
  ].join('\n'),
  lao: [
    'ຂ້ອຍມີອ້າຍ 3 ຄົນ, ເອື້ອຍ 2 ຄົນ. ເມືອງຫຼວງແມ່ນ “ວຽງຈັນ”.',
    'ລາວ (ສປປ ລາວ) ມີແມ່ນ້ຳຂອງ! ປີ 2024 ມີນັກທ່ອງທ່ຽວຫຼາຍ; ເຂົາເຈົ້າມັກກິນເຂົ້າໜຽວ?',
    'ໃນປີ໒໐໒໔ ໂຮງຮຽນເປີດໃໝ່: ນັກຮຽນຮຽນEnglish ແລະ ພາສາລາວ',
  ].join('\n'),
  khmer: [
    'ការ\u200bចូល\u200bបន្ទាត់\u200bបន្ថែម\u200bសម្រាប់\u200bកម្រិត\u200bនីមួយ\u200bៗ។',
    'ភ្នំពេញ (រាជធានី) មាន​ប្រជាជន ២ លាន​នាក់។ ឆ្នាំ២០២៤ ភ្ញៀវ​ទេសចរ​មក​ពី​គ្រប់​ទិស​ទី៖ អាស៊ី, អឺរ៉ុប!',
    'នៅរដូវភ្លៀង ស្រែចម្ការមានពណ៌បៃតង។ កសិករចាប់ផ្តើមដាំស្រូវ "ស្រូវ​ក្រអូប"។',
  ].join('\n'),
  myanmar: [
    'မင်္ဂလာပါ၊ နေကောင်းလား။ ဒီနေ့ ရာသီဥတု အရမ်းကောင်းပါတယ်။',
    'ရန်ကုန်မြို့ (မြန်မာနိုင်ငံ) သည် ၂၀၂၄ ခုနှစ်တွင် လူဦးရေ ၅ သန်းရှိ၏။ “ရွှေတိဂုံ”ဘုရား!',
    'သင်္ကြန်ပွဲတော်မှာ လူတိုင်း ရေပက်ကစားကြ၍ ပျော်ရွှင်ကြသည်၊ Facebookမှာ ဓာတ်ပုံတင်ကြသည်။',
  ].join('\n'),
};

const WIDTHS = [320, 250, 190, 150, 120, 95];
const VS17 = '\u{E0100}';
const SECRET = 'ID-2026-000042-X';

/** Offsets just after every grapheme cluster that carries in `text` (format revision 4's positions). */
function positionsOf(text: string): number[] {
  const ends: number[] = [];
  for (const { segment, index } of graphemes(text)) {
    const end = index + segment.length;
    if (carrierFloorAt(segment, text, end) !== NOT_CARRIER) ends.push(end);
  }
  return ends;
}

/** Offsets just after the first cluster of each phrase that goes on with more of it: "after the space". */
function phraseStarts(text: string): number[] {
  const ends: number[] = [];
  let previous = '\n';
  for (const { segment, index } of graphemes(text)) {
    const end = index + segment.length;
    if (/\s/u.test(previous) && /^\p{L}/u.test(segment) && /^\p{L}/u.test(text.slice(end, end + 1))) ends.push(end);
    previous = segment;
  }
  return ends;
}

/** `text` with `mark(k)` inserted at each offset (the k-th). */
function insertAt(text: string, offsets: number[], mark: (k: number) => string): string {
  let out = '';
  let copied = 0;
  offsets.forEach((offset, k) => {
    out += text.slice(copied, offset) + mark(k);
    copied = offset;
  });
  return out + text.slice(copied);
}

/** Four marks of VS17–VS256 at each position, as robust stacks them (Myanmar takes no VS1–VS16). */
const stacked = (k: number): string =>
  Array.from({ length: 4 }, (_, n) => String.fromCodePoint(0xe0100 + ((k * 37 + n * 101) % 240))).join('');

const renderPage = useRenderPage();

/** The line-break opportunities Chromium's own breaker (ICU, with its dictionaries) finds in `text`. */
async function lineBreaks(text: string): Promise<number[]> {
  // a string: the test files are type-checked without the DOM library, and Intl.v8BreakIterator is Chromium's
  const breaks = await renderPage().evaluate(`(() => {
    const iterator = new Intl.v8BreakIterator('en', { type: 'line' });
    iterator.adoptText(${JSON.stringify(text)});
    const breaks = [];
    for (let at = iterator.first(); at !== -1; at = iterator.next()) breaks.push(at);
    return breaks;
  })()`);
  return breaks as number[];
}

/** Break offsets of a marked text, as offsets of the text without its marks. */
async function breaksWithout(marked: string): Promise<number[]> {
  const breaks = await lineBreaks(marked);
  const visible = new Int32Array(marked.length + 1);
  let count = 0;
  for (let i = 0; i < marked.length; i++) {
    visible[i] = count;
    const unit = marked.charCodeAt(i);
    const isMark = unit === 0xdb40 || (unit >= 0xdc00 && unit <= 0xdfff && marked.charCodeAt(i - 1) === 0xdb40);
    if (!isMark) count++;
  }
  visible[marked.length] = count;
  return [...new Set(breaks.map((at) => visible[at]))];
}

describe.each(Object.keys(TEXTS))('%s: revision 4 positions', (script) => {
  const text = TEXTS[script];
  const positions = positionsOf(text);
  const everyPosition = insertAt(text, positions, () => VS17);
  const stackedAtEvery = insertAt(text, positions, stacked);
  const encoded = [
    encode(text, SECRET).encoded,
    encode(text, SECRET, { method: 'chunked', chunkSize: 2 }).encoded,
    encodeRobust(text, SECRET, { seed: 1 }).watermarked,
    encodeRobust(text, SECRET, { stealthLevel: 'maximum', seed: 2 }).watermarked,
  ];

  test('the text holds positions of every kind: inside lines, before punctuation, digits, other scripts', () => {
    // every line carries before its end, and where phrases end in punctuation inside it
    expect(positions.length).toBeGreaterThanOrEqual(3 * text.split('\n').length);
    const kinds = new Set(positions.map((end) => /\p{P}|\p{N}|\p{Script=Latin}|\u200b|\n|$/u.exec(text.slice(end))));
    expect(kinds.size).toBeGreaterThan(1);
    expect(decode(encoded[0]).decoded).toBe(SECRET);
    expect(decode(encoded[1]).decoded).toBe(SECRET);
    expect(decodeRobust(encoded[2]).decoded).toBe(SECRET);
  });

  test("Chromium's line breaker finds the same break opportunities with a mark at every position", async () => {
    const original = await lineBreaks(text);
    expect(original.length).toBeGreaterThan(10);
    expect(await breaksWithout(everyPosition)).toEqual(original);
    expect(await breaksWithout(stackedAtEvery)).toEqual(original);
  });

  test('control: a mark after the first cluster of each phrase (after the space) moves the breaks', async () => {
    const afterSpaces = insertAt(text, phraseStarts(text), () => VS17);
    expect(await breaksWithout(afterSpaces)).not.toEqual(await lineBreaks(text));
  });

  describe.each(fontFamiliesFor(script).slice(0, 2))('%s', (font) => {
    test.each(WIDTHS)(
      'pixel-identical at %i px: a mark, four marks at every position; the codec’s marks',
      async (width) => {
        const variants = [everyPosition, stackedAtEvery, ...encoded];
        const results = await compareRenderings(renderPage(), text, [text, ...variants], font, width);
        expect(results[0].difference).toBeNull();
        results.slice(1).forEach(({ difference, copied }, k) => {
          if (difference) expect.fail(`variant ${k} at ${width} px in ${font}: ${describeDifference(difference)}`);
          expect(copied).toBe(variants[k]);
        });
      },
    );

    describe('PDF', () => {
      let pages: string[] = [];
      beforeAll(async () => {
        const texts = [text, text, everyPosition, stackedAtEvery, ...encoded];
        pages = await popplerPages(await printToPdf(renderPage(), texts, font));
      }, 120_000);

      test("poppler's text of every marked page is the unmarked page's", () => {
        expect(pages[1]).toBe(pages[0]);
        pages.slice(2).forEach((page, k) => {
          const difference = compareExtractions(text, pages[0], page);
          // closedInnerGaps: the marked page reads closer to the source (poppler-limits.ts); otherWhitespace: poppler
          // grouped the lines into paragraphs differently (a blank line between two lines of the Lao page with four
          // marks at every position, in Noto Sans Lao), every word, space and line break the same
          const kinds = kindsOf(difference).filter((kind) => kind !== 'closedInnerGaps' && kind !== 'otherWhitespace');
          expect(kinds, `variant ${k}: ${JSON.stringify(difference)}`).toEqual([]);
        });
      });
    });
  });
});
