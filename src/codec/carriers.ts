import { isVariationSelector } from './selectors.js';
import { isEmojiVariationBase, isTextSelector, registersVariations } from './unicode/lookup.js';
import { marksChangeRendering } from './unicode/render-exclusions.js';

// A visible start: letters, marks, numbers, punctuation, symbols (never separators, controls, format, private use,
// unassigned), and not a default-ignorable such as a Hangul filler or a combining grapheme joiner.
const VISIBLE_START = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]/u;
const IGNORABLE_START = /^\p{Default_Ignorable_Code_Point}/u;
const ZWNJ = 0x200c;
const ZWJ = 0x200d;

/**
 * Whether a selector run may follow this grapheme cluster without changing how the text renders (DESIGN.md,
 * invisibility rules), and so that decode reads every byte of that run as payload (see scan.ts).
 */
export function isCarrier(cluster: string): boolean {
  if (cluster.length === 1) {
    const unit = cluster.charCodeAt(0);
    if (unit < 0x80) return (asciiCarriers ??= Array.from({ length: 0x80 }, (_, code) => isCarrierCluster(String.fromCharCode(code))))[unit];
  }
  return isCarrierCluster(cluster);
}

/** isCarrier of each ASCII character, worked out on first use: most graphemes of most carriers are ASCII. */
let asciiCarriers: boolean[] | undefined;

function isCarrierCluster(cluster: string): boolean {
  const first = cluster.codePointAt(0);
  if (first === undefined || !VISIBLE_START.test(cluster) || IGNORABLE_START.test(cluster)) return false;
  if (marksChangeRendering(cluster)) return false;
  const firstLength = first > 0xffff ? 2 : 1;
  if (isEmojiVariationBase(first)) {
    // ❤ © ™ 1 only with the presentation the text already gave them: a selector ("❤️", "1️⃣") or a skin tone ("👍🏽").
    const second = cluster.codePointAt(firstLength) ?? 0;
    if (second !== 0xfe0e && second !== 0xfe0f && !isEmojiModifier(second)) return false;
  } else if (registersVariations(first)) {
    return false;
  }
  if (cluster.length === firstLength) return true;
  const lastLength = cluster.length >= 2 && isLowSurrogate(cluster.charCodeAt(cluster.length - 1)) ? 2 : 1;
  const last = cluster.codePointAt(cluster.length - lastLength)!;
  if (last === ZWJ || last === ZWNJ) return false;
  if (isVariationSelector(last)) {
    // The run's first payload selector would follow this selector, not the base; only safe when decode reads
    // this selector as text, i.e. it is the registered one of its base.
    const before = cluster.length - lastLength;
    const baseLength = before >= 2 && isLowSurrogate(cluster.charCodeAt(before - 1)) ? 2 : 1;
    const base = cluster.codePointAt(before - baseLength)!;
    return !isVariationSelector(base) && isTextSelector(base, last);
  }
  return !registersVariations(last);
}

const isEmojiModifier = (codePoint: number): boolean => codePoint >= 0x1f3fb && codePoint <= 0x1f3ff;
const isLowSurrogate = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff;
