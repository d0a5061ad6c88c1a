/** The two kinds of carrier text the suite measures, made to an exact UTF-8 size. */

const PROSE = [
  'It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness,',
  'it was the epoch of belief, it was the epoch of incredulity, it was the season of Light, it was the season of',
  'Darkness, it was the spring of hope, it was the winter of despair, we had everything before us, we had nothing',
  'before us. Call me Ishmael. Some years ago, never mind how long precisely, having little or no money in my purse,',
  'and nothing particular to interest me on shore, I thought I would sail about a little and see the watery part',
  'of the world. It is a truth universally acknowledged, that a single man in possession of a good fortune, must be',
  'in want of a wife. "My dear Mr. Bennet," said his lady to him one day, "have you heard that Netherfield Park is',
  'let at last?" Mr. Bennet replied that he had not. Happy families are all alike; every unhappy family is unhappy',
  'in its own way. All this happened, more or less. The sky above the port was the color of television, tuned to a',
  'dead channel. In a hole in the ground there lived a hobbit; not a nasty, dirty, wet hole, filled with the ends.',
].join('\n');

// Emoji (ZWJ sequences, skin tones, flags, keycaps, text-default ❤ with its U+FE0F), CJK, Arabic, Hebrew,
// Devanagari conjuncts, Hangul, and combining marks (decomposed accents).
const MIXED = [
  'The quick brown fox 🦊 jumps over the lazy dog 🐕 — naïve café, I ❤️ NY, 👨‍👩‍👧 family, 👩🏽‍💻 coder, 🏳️‍🌈 pride.',
  '東京タワーは日本で有名です。漢字とかなの混じった文章、ひらがなカタカナ。葛飾区の春は美しい。中文文本的例子。',
  'مرحبا بالعالم، هذا نص عربي للاختبار مع كلمات كثيرة جدا. שלום עולם, זהו טקסט בעברית.',
  'नमस्ते दुनिया, यह हिन्दी पाठ है: क्षत्रिय स्त्री द्वार। 안녕하세요 세계, 이것은 한국어 텍스트입니다.',
  'Cafe\u0301 re\u0301sume\u0301 nai\u0308ve co\u0300ol, Z\u0307ywiec, press 1️⃣ then #️⃣, 🇺🇸 🇯🇵 🇫🇷 flags, 👍🏽 ok ©™.',
].join('\n');

export const CARRIER_KINDS = { prose: PROSE, mixed: MIXED } as const;
export type CarrierKind = keyof typeof CARRIER_KINDS;

/** `unit` repeated to about `bytes` UTF-8 bytes, cut at a line end so no grapheme is split. */
export function carrierOf(kind: CarrierKind, bytes: number): string {
  const unit = CARRIER_KINDS[kind] + '\n';
  return unit.repeat(Math.max(1, Math.round(bytes / Buffer.byteLength(unit))));
}

export const utf8Bytes = (text: string): number => Buffer.byteLength(text);
