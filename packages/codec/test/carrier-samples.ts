import { graphemes } from '../src/graphemes.js';
import { FLOOR_MASK, NOT_CARRIER, carrierFloorAt, type MarkPositions } from '../src/carriers.js';
import { byteOfSelectorAt, forEachSelectorRun } from 'wm-watermark-codec/scan';

/** Carriers of every kind the invisibility rules talk about, each long enough for a short secret with any method. */
export const CORPUS: Record<string, string> = {
  latin: 'The quick brown fox jumps over the lazy dog while everyone watches quietly',
  accented: 'Ça été un café très naïve à Zürich, señor Øresund Łódź Ångström façade',
  decomposed: 'Cafe\u0301 re\u0301sume\u0301 nai\u0308ve co\u0300ol pie\u0300ce de\u0301ja\u0300 vu ok',
  emojiZwj: '👨‍👩‍👧 family 👩🏽‍💻 coder 🏳️‍🌈 pride 🧑‍🤝‍🧑 friends 👍🏽 thumbs together today',
  flags: '🇺🇸 🇬🇧 🇫🇷 🇩🇪 🇯🇵 flags of many nations 🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scotland here and more flags',
  heartNy: 'I ❤️ NY and everybody who lives in New York loves it too',
  symbols: 'Copyright © 2024 Acme™ Inc. ® call 555-1234 #1 * rated ❤ made with care today',
  keycaps: 'Press 1️⃣ then 2️⃣ then #️⃣ to continue with the menu options now',
  cjk: '葛飾区の東京タワーは日本で有名です 漢字とかなの混じった文章です ひらがなカタカナ',
  arabic: 'مرحبا بالعالم هذا نص عربي للاختبار مع كلمات كثيرة جدا',
  devanagari: 'नमस्ते दुनिया यह हिन्दी पाठ है क्षत्रिय स्त्री द्वार और बहुत सारे लम्बे शब्द जिनमें अक्षर हैं',
  hangul: '안녕하세요 세계 이것은 한국어 텍스트입니다 감사합니다',
};

export interface PayloadRunPosition {
  /** offset of the run in the original text (payload selectors removed) */
  originalOffset: number;
  /** the grapheme cluster of the original text that ends there, or undefined */
  cluster: string | undefined;
  /** the byte the run's first payload selector carries */
  firstByte: number;
}

/** Where each payload run sits in the original text, and which cluster precedes it. */
export function payloadRunPositions(encoded: string, original: string): PayloadRunPosition[] {
  const clusterEndingAt = new Map<number, string>();
  for (const { segment, index } of graphemes(original)) clusterEndingAt.set(index + segment.length, segment);
  const positions: PayloadRunPosition[] = [];
  let removed = 0;
  forEachSelectorRun(encoded, (run) => {
    if (run.end === run.payloadStart) return;
    const originalOffset = run.payloadStart - removed;
    positions.push({
      originalOffset,
      cluster: clusterEndingAt.get(originalOffset),
      firstByte: byteOfSelectorAt(encoded, run.payloadStart),
    });
    removed += run.end - run.payloadStart;
  });
  return positions;
}

/**
 * Asserts the invisibility rules: every payload run follows a whole carrier grapheme of the original (in its
 * context: at the positions `positions` takes) and starts with a byte at or above that carrier's floor.
 */
export function misplacedRuns(
  encoded: string,
  original: string,
  positions: MarkPositions = 'inside-words',
): PayloadRunPosition[] {
  return payloadRunPositions(encoded, original).filter((p) => {
    if (p.cluster === undefined) return true;
    const floor = carrierFloorAt(p.cluster, original, p.originalOffset, positions);
    return floor === NOT_CARRIER || p.firstByte < (floor & FLOOR_MASK);
  });
}
