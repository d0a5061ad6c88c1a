import { seededRandom } from './prng.js';
import { selectorForByte } from '../selectors.js';

/**
 * The 92 selector bytes a robust mark may use. Each one, alone, is either a C0 control (0x10–0x1F), a UTF-8
 * continuation byte (0x80–0xBF) or a byte that never occurs in UTF-8 (0xC0, 0xC1, 0xF5, 0xF6, 0xF8–0xFF), and
 * none is the frame magic 0xF7: so no subset of robust marks is ever valid raw UTF-8 text, nor a VS-codec frame.
 * All are VS17–VS256 (U+E0100 + byte − 16), the one mark that stayed invisible after every safe base (docs/FORMAT.md
 * §3).
 */
const MARK_BYTES: readonly number[] = [
  ...range(0x10, 0x1f),
  ...range(0x80, 0xbf),
  0xc0,
  0xc1,
  0xf5,
  0xf6,
  ...range(0xf8, 0xff),
];

/**
 * After an ideograph a run must start at VS129 (byte 0x80, docs/FORMAT.md), which the sixteen C0 marks are below:
 * there the encoder writes 0xE0 + k for 0x10 + k instead, a byte the decoder reads as the same mark. A lone 3-byte
 * UTF-8 lead, so still not valid UTF-8 alone, and not the frame magic.
 */
const IDEOGRAPH_SAFE_BYTE = (byte: number): number => (byte < 0x80 ? 0xe0 + byte - 0x10 : byte);

/** Marks per block: the fine position tag runs 0..22, so a symbol = fine × 4 + indexBit × 2 + payloadBit. */
export const BLOCK = 23;
const SYMBOLS = MARK_BYTES.length; // 92 = BLOCK × 2 × 2

/**
 * How marks map to selectors. `plain` (stealth standard) uses the symbol as it is; `whitened` (high, maximum)
 * permutes the symbols and XORs both bits with a keystream of the fine position, so that neither the selector
 * values nor their parity follow a visible pattern. The tables are fixed, so decoding needs no parameter.
 */
export interface MarkAlphabet {
  readonly name: 'plain' | 'whitened';
  /** selector string of each mark: index fine*4 + indexBit*2 + bit */
  readonly selectorOf: readonly string[];
  /** the same marks as they are written right after an ideograph (VS129 and up only) */
  readonly selectorAfterIdeographOf: readonly string[];
  /** alphabet index (0..91) -> packed mark fine*4 + indexBit*2 + bit */
  readonly markOfIndex: Uint8Array;
}

function buildAlphabet(name: MarkAlphabet['name'], permutation: number[], keystream: number[]): MarkAlphabet {
  const selectorOf = new Array<string>(SYMBOLS);
  const selectorAfterIdeographOf = new Array<string>(SYMBOLS);
  const markOfIndex = new Uint8Array(SYMBOLS);
  for (let fine = 0; fine < BLOCK; fine++) {
    for (let bits = 0; bits < 4; bits++) {
      const packed = fine * 4 + bits;
      const index = permutation[fine * 4 + (bits ^ keystream[fine])];
      selectorOf[packed] = selectorForByte(MARK_BYTES[index]);
      selectorAfterIdeographOf[packed] = selectorForByte(IDEOGRAPH_SAFE_BYTE(MARK_BYTES[index]));
      markOfIndex[index] = packed;
    }
  }
  return { name, selectorOf, selectorAfterIdeographOf, markOfIndex };
}

function whiteningTables(): { permutation: number[]; keystream: number[] } {
  const random = seededRandom(0x5eed_0b5c);
  const permutation = range(0, SYMBOLS - 1);
  for (let i = permutation.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [permutation[i], permutation[j]] = [permutation[j], permutation[i]];
  }
  const keystream = Array.from({ length: BLOCK }, () => Math.floor(random() * 4));
  return { permutation, keystream };
}

const whitening = whiteningTables();
export const PLAIN: MarkAlphabet = buildAlphabet('plain', range(0, SYMBOLS - 1), new Array<number>(BLOCK).fill(0));
export const WHITENED: MarkAlphabet = buildAlphabet('whitened', whitening.permutation, whitening.keystream);

/** Alphabet index (0..91) of a selector byte, or -1 for a selector that is not a robust mark. */
export const ALPHABET_INDEX_OF_BYTE: Int8Array = (() => {
  const table = new Int8Array(256).fill(-1);
  MARK_BYTES.forEach((byte, index) => {
    table[byte] = index;
    table[IDEOGRAPH_SAFE_BYTE(byte)] = index;
  });
  return table;
})();

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
