import { formatNumber } from '../app/format.js';
import {
  RAW_RUN_BYTES_SHOWN,
  type DecodedWatermark,
  type DecodeResult,
  type RawRun,
  type RobustWatermark,
} from './codec.js';
import type { Inspection } from './inspect.js';
import { visibleSecret } from './secret-text.js';

/**
 * The checker's verdict on a text's watermarks, one per mark: `decode` reads framed and robust marks alike, each
 * verified, so an intact robust mark shows as intact (and never as damaged beside its own secret); selector runs that
 * are no watermark are listed apart, with their bytes, and never read as a secret.
 */
export function Verdicts({ inspection }: { inspection: Inspection }) {
  const { vs } = inspection;
  const rawRuns = vs.ok ? vs.result.raw_runs : vs.rawRuns;
  return (
    <>
      <div>
        <h3>Secrets</h3>
        {vs.ok ? (
          <Found result={vs.result} inspection={inspection} />
        ) : (
          <p class="muted">{failureText(vs.code, rawRuns)}</p>
        )}
      </div>
      <div>
        <h3>Not read as a secret</h3>
        {rawRuns ? <RawRuns runs={rawRuns} /> : <p class="muted">Nothing.</p>}
      </div>
    </>
  );
}

const KIND_NAMES: Record<DecodedWatermark['kind'], string> = {
  vs: 'Watermark (variation selectors)',
  robust: 'Robust watermark',
  raw: 'Unframed run read as text',
};

function Found({ result, inspection }: { result: DecodeResult; inspection: Inspection }) {
  // the robust decoder's view of the same marks: how many copies agree
  const robust = inspection.robust.ok ? inspection.robust.result.watermarks : [];
  let robustIndex = 0;
  const count = result.watermarks.length;
  return (
    <ul class="result-list">
      {result.watermarks.map((watermark, index) => {
        const details = watermark.kind === 'robust' ? robust[robustIndex++] : undefined;
        return (
          <li key={index}>
            <span class="muted small">
              {KIND_NAMES[watermark.kind]}
              {count > 1 ? ` · ${index + 1} of ${count}` : ''}
            </span>
            <DecodedSecret secret={watermark.decoded} />
            {details && details.decoded === watermark.decoded && <Copies details={details} />}
          </li>
        );
      })}
    </ul>
  );
}

function Copies({ details }: { details: RobustWatermark }) {
  const { copies_agreeing: agreeing, copies_found: found, bits_recovered: bits, start, end } = details;
  const text = `${agreeing} of ${found} copies agree · ${bits} bits read · characters ${start}–${end}`;
  return <span class="muted small">{text}</span>;
}

const FAILURES: Record<string, string> = {
  NO_WATERMARK: 'No watermark in this text.',
  CORRUPTED: 'Marks found, but damaged: no secret can be read from them.',
  KEY_REQUIRED: 'An encrypted watermark: only an API token of its channel can read the secret (below).',
  INVALID_INPUT: 'This text cannot be read.',
};

function failureText(code: string, rawRuns: RawRun[] | undefined): string {
  // the only payload is selectors that are no watermark: that is all there is to say, on the right
  if (code === 'CORRUPTED' && rawRuns) return 'No watermark: only selectors that are none (right).';
  return FAILURES[code] ?? code;
}

function RawRuns({ runs }: { runs: RawRun[] }) {
  return (
    <>
      <p class="small muted">
        Selectors that carry no wm watermark: another tool's data, or what is left of a damaged watermark. Nothing
        checks them, so they are not read as a secret (<code>wm decode --raw-runs</code> reads them as text).
      </p>
      <ul class="result-list">
        {runs.map((run, index) => (
          <li key={index}>
            <span class="muted small">
              At character {formatNumber(run.offset)}: {formatNumber(run.length)} byte{run.length === 1 ? '' : 's'}
            </span>
            <div>
              <code>
                {run.bytes}
                {run.length > RAW_RUN_BYTES_SHOWN ? ' …' : ''}
              </code>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A secret, isolated from the text around it, its direction controls and controls shown as tokens. */
export function DecodedSecret({ secret }: { secret: string }) {
  return (
    <div class="decoded">
      <bdi>{visibleSecret(secret)}</bdi>
    </div>
  );
}
