import { C2PA_TEXT_MAGIC, C2PA_TEXT_VERSION } from '../c2pa.js';
import { encode } from '../encode.js';
import { buildFrame, stuffFrame } from '../frame.js';
import { encodeRobust } from '../robust/encode.js';
import { selectorsForBytes } from '../selectors.js';

/**
 * The probe's canary: a short text whose lines each carry one kind of mark wm writes, so that after a trip through
 * a platform (a chat, an editor, a CMS, a mail) `checkProbe` can tell which kinds came back (docs/CLI.md, "wm probe").
 * It is the same text every time: a check needs nothing but the returned text.
 */

export const PROBE_KINDS = ['vs', 'vs17', 'robust', 'c2pa'] as const;
export type ProbeKind = (typeof PROBE_KINDS)[number];

export interface ProbeLine {
  kind: ProbeKind;
  /** what the kind is, for people */
  name: string;
  /** the secret its mark carries (none for the C2PA wrapper) */
  secret?: string;
  /** the visible line */
  text: string;
}

export const PROBE_HEADER =
  'wm probe 1: each numbered line hides one kind of mark. Send this text through the platform and back, then run ' +
  '"wm probe check" on what came back.';

export const PROBE_LINES: readonly ProbeLine[] = [
  {
    kind: 'vs',
    name: 'VS frame (wm encode: VS1–VS16 and VS17–VS256)',
    secret: 'p:vs',
    text: '1. A frame: the quick brown fox jumps over the lazy dog.',
  },
  {
    kind: 'vs17',
    name: 'VS frame without VS1–VS16 (frame v2, as after Myanmar letters)',
    secret: 'p:vs17',
    text: '2. Pack my box with five dozen liquor jugs.',
  },
  {
    kind: 'robust',
    name: 'robust marks (wm encode-robust: VS17–VS256, one per letter)',
    secret: 'p:r',
    // long enough, with a short secret, for two copies one mark per letter: a shorter line would stack them, and
    // filters that drop runs of selectors would then take what real texts keep
    text:
      '3. Robust: a mark of one bit per letter, repeated along this line, so that a part of it is enough to read ' +
      'it back, even when the platform cuts, edits or re-wraps the text. Each copy of the secret spreads over many ' +
      'letters, and the decoder votes across the copies it finds, so a line that lost its start or its end still ' +
      'names the secret it carries.',
  },
  {
    kind: 'c2pa',
    name: 'C2PA text manifest (U+FEFF and VS1–VS256, C2PA 2.3 A.7)',
    text: '4. A C2PA manifest wrapper ends this line.',
  },
];

/** Where the v2 run goes: after the first letter of its line's sentence ("P" of "Pack"), inside a word. */
const V2_AFTER = '2. P';

/** The canary text, its lines ending in LF. */
export function probeCanary(): string {
  const lines = PROBE_LINES.map((line) => {
    if (line.kind === 'vs') return encode(line.text, line.secret!).encoded;
    if (line.kind === 'robust') return encodeRobust(line.text, line.secret!).watermarked;
    if (line.kind === 'vs17') {
      const run = selectorsForBytes(stuffFrame(buildFrame(new TextEncoder().encode(line.secret))));
      return `${V2_AFTER}${run}${line.text.slice(V2_AFTER.length)}`;
    }
    return `${line.text}${placeholderC2paWrapper()}`;
  });
  return `${PROBE_HEADER}\n${lines.join('\n')}\n`;
}

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));
const uint32 = (value: number): number[] => [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
/** the type UUID of a C2PA manifest store: "c2pa" 0011-0010-8000-00AA00389B71 */
const MANIFEST_STORE_UUID = [
  0x63, 0x32, 0x70, 0x61, 0x00, 0x11, 0x00, 0x10, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71,
];

/**
 * A C2PA text wrapper with valid framing (magic "C2PATXT\0", version 1, length, a JUMBF superbox labelled "c2pa")
 * around a placeholder that says what it is: not a signed manifest (a C2PA validator rejects it), only the shape
 * whose survival the probe tests.
 */
function placeholderC2paWrapper(): string {
  const description = [...ascii('jumd'), ...MANIFEST_STORE_UUID, 0x03, ...ascii('c2pa'), 0];
  const content = ascii('{"wm_probe":"placeholder, not a signed manifest"}');
  const jumd = [...uint32(8 + description.length), ...description];
  const json = [...uint32(8 + content.length), ...ascii('json'), ...content];
  const store = [...uint32(8 + jumd.length + json.length), ...ascii('jumb'), ...jumd, ...json];
  const bytes = [...C2PA_TEXT_MAGIC, C2PA_TEXT_VERSION, ...uint32(store.length), ...store];
  return `\uFEFF${selectorsForBytes(Uint8Array.from(bytes))}`;
}
