// The signed rows of `npm run report:survival`: after each transformation, how often the embedded mark's signature
// still verifies, and for a bound text, how often the text also still matches. Their own carriers: a signed frame
// is 72–104 bytes longer, so the texts are repeated until the largest signed robust copy fits four times.
import { MIN_COPIES, OTHER_SECRET, SECRETS, survivalCarriers } from './carriers.js';
import { TRANSFORMATIONS } from './transformations.js';
import { buildFrame } from '../../packages/codec/src/frame.js';
import { boundTextDigest } from '../../packages/codec/src/bound-text.js';
import { layoutCopy } from '../../packages/codec/src/robust/layout.js';
import { seededRandom } from '../../packages/codec/src/robust/prng.js';
import {
  CodecError,
  createSigningKey,
  encode,
  encodeRobust,
  verify,
  type SigningKey,
  type VerifyingKey,
} from 'wm-watermark-codec';
import { TEST_KEY } from '../../packages/codec/test/modes.js';

const SIGNER: SigningKey = createSigningKey(new Uint8Array(32).map((_, i) => (i * 53 + 5) & 0xff));
const KEYS: VerifyingKey[] = [{ publicKey: SIGNER.publicKey, name: 'survival' }];

interface SignedMode {
  name: string;
  bindText: boolean;
  key?: Uint8Array;
  encode(text: string, secret: string, seed: number): string;
}

const vs = (bindText: boolean, key?: Uint8Array): SignedMode => ({
  name: `vs auto${key ? ' keyed' : ''}, signed${bindText ? ' + bound text' : ''}`,
  bindText,
  key,
  encode: (text, secret) => encode(text, secret, { key, signingKey: SIGNER, bindText }).encoded,
});
const robust = (bindText: boolean, key?: Uint8Array): SignedMode => ({
  name: `robust standard/even${key ? ' keyed' : ''}, signed${bindText ? ' + bound text' : ''}`,
  bindText,
  key,
  encode: (text, secret, seed) => encodeRobust(text, secret, { key, seed, signingKey: SIGNER, bindText }).watermarked,
});

export const SIGNED_MODES: SignedMode[] = [
  vs(false),
  vs(true),
  vs(true, TEST_KEY),
  robust(false),
  robust(true),
  robust(true, TEST_KEY),
];

interface SignedTally {
  trials: number;
  /** the embedded secret's mark verifies (bound text or not) */
  verifies: number;
  /** …and its bound text still matches */
  unchanged: number;
}

/** What `verify` says about the mark carrying `secret`: verifies, text unchanged, and whether any mark was invalid. */
function verdictFor(text: string, secret: string, key: Uint8Array | undefined) {
  try {
    const { marks } = verify(text, { keys: KEYS, key });
    const ours = marks.filter((mark) => mark.decoded === secret && mark.signature.status === 'valid');
    return {
      verifies: ours.length > 0,
      unchanged: ours.some((mark) => mark.signature.text_matches === true),
      invalid: marks.some((mark) => mark.signature.status === 'invalid'),
    };
  } catch (error) {
    if (error instanceof CodecError) return { verifies: false, unchanged: false, invalid: false };
    throw error;
  }
}

function largestSignedCopy(): number {
  const digest = boundTextDigest('');
  return Math.max(
    ...SECRETS.map(
      (secret) =>
        layoutCopy(
          buildFrame(new TextEncoder().encode(secret), TEST_KEY, undefined, { key: SIGNER, textDigest: digest }),
        ).length,
    ),
  );
}

export function signedSurvival(): { markdown: string; invalidVerdicts: number; trials: number } {
  const carriers = survivalCarriers({ copyMarks: largestSignedCopy(), stealthLevel: 'standard' });
  const tallies = new Map(SIGNED_MODES.map((mode) => [mode.name, new Map<string, SignedTally>()]));
  let invalidVerdicts = 0;
  let trials = 0;
  SIGNED_MODES.forEach((mode, modeIndex) => {
    carriers.forEach((entry, textIndex) => {
      const partner = carriers[(textIndex + 1) % carriers.length];
      SECRETS.forEach((secret, secretIndex) => {
        const seed = 50_000 + modeIndex * 1000 + textIndex * 10 + secretIndex;
        const watermarked = mode.encode(entry.text, secret, seed);
        const partnerSameSecret = mode.encode(partner.text, secret, seed + 1);
        const partnerOtherSecret = mode.encode(partner.text, OTHER_SECRET, seed + 2);
        TRANSFORMATIONS.forEach((transformation, transformationIndex) => {
          for (let trial = 0; trial < transformation.trials; trial++) {
            const random = seededRandom(seed * 7919 + transformationIndex * 101 + trial);
            const damaged = transformation.apply({ watermarked, random, partnerSameSecret, partnerOtherSecret });
            const verdict = verdictFor(damaged, secret, mode.key);
            const row = tallies.get(mode.name)!;
            const tally = row.get(transformation.name) ?? { trials: 0, verifies: 0, unchanged: 0 };
            tally.trials++;
            tally.verifies += verdict.verifies ? 1 : 0;
            tally.unchanged += verdict.unchanged ? 1 : 0;
            row.set(transformation.name, tally);
            trials++;
            if (verdict.invalid) invalidVerdicts++;
          }
        });
      });
    });
  });
  const share = (count: number, total: number): string => {
    const value = (100 * count) / total;
    return value === 100 || value === 0 ? `${value}` : value.toFixed(1);
  };
  const cell = (mode: SignedMode, tally: SignedTally): string =>
    mode.bindText
      ? `${share(tally.verifies, tally.trials)} (${share(tally.unchanged, tally.trials)})`
      : share(tally.verifies, tally.trials);
  const columns = TRANSFORMATIONS.map((t) => t.name);
  const header = `| mode | ${columns.join(' | ')} |\n|---|${columns.map(() => '---:').join('|')}|`;
  const rows = SIGNED_MODES.map(
    (mode) => `| ${mode.name} | ${columns.map((c) => cell(mode, tallies.get(mode.name)!.get(c)!)).join(' | ')} |`,
  );
  const lengths = carriers.map((c) => c.text.length);
  const markdown = [
    "**Signed marks** (what still verifies: % of trials in which the embedded mark's signature is valid; with a bound",
    'text, in brackets, % in which the text also still matches it)',
    '',
    `Own carriers, each repeated until the largest signed robust copy (keyed, bound text) fits ${MIN_COPIES} times at`,
    `\`standard\` (${Math.min(...lengths)}–${Math.max(...lengths)} UTF-16 units). ` +
      `Verdicts "invalid" in all ${trials} trials: ${invalidVerdicts}.`,
    '',
    header,
    ...rows,
  ].join('\n');
  return { markdown, invalidVerdicts, trials };
}
