import { useEffect, useMemo, useState } from 'preact/hooks';
import { ApiError } from '../app/api.js';
import { formatNumber } from '../app/format.js';
import { Notice } from '../app/ui/notice.js';
import { MARK_KINDS, classify } from './classify.js';
import { strip, type DecodeResult, type DecodeRobustResult } from './codec.js';
import { inspect, type Inspection } from './inspect.js';
import { ResultActions } from './result-actions.js';
import { visibleSecret } from './secret-text.js';
import { TextInput } from './text-input.js';
import { TokenField } from './token-field.js';
import { checkerToken, watermarkRequest } from './watermark-api.js';

/** Typing into a large text re-checks it after this pause, not on every key. */
const SETTLE_MS = 150;

export function CheckPanel({ text, onText }: { text: string; onText: (text: string) => void }) {
  const [checked, setChecked] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setChecked(text), text.length > 20_000 ? SETTLE_MS : 0);
    return () => clearTimeout(timer);
  }, [text]);
  const classified = useMemo(() => classify(checked), [checked]);
  const inspection = useMemo(() => inspect(checked), [checked]);
  const [clean, setClean] = useState<string | null>(null);
  useEffect(() => setClean(null), [checked]);

  const hiddenTotal = MARK_KINDS.reduce((sum, { kind }) => sum + (kind === 'text' ? 0 : classified.counts[kind]), 0);
  return (
    <div>
      <TextInput
        id="check-text"
        label="Text to check"
        value={text}
        onValue={onText}
        hint="Paste text here: hidden marks are found as you type."
      />
      {checked !== '' && (
        <>
          <section class="card" aria-labelledby="marks-title">
            <h2 id="marks-title">Hidden characters</h2>
            <p role="status">
              {hiddenTotal === 0
                ? 'No hidden marks in this text.'
                : `${formatNumber(hiddenTotal)} hidden character${hiddenTotal === 1 ? '' : 's'} found.`}
            </p>
            <ul class="legend" aria-label="Hidden characters by kind">
              {MARK_KINDS.filter(({ kind }) => classified.counts[kind] > 0).map(({ kind, name, description }) => (
                <li key={kind} title={description}>
                  <span class={`mark ${kind}`} aria-hidden="true" />
                  {name}: <span class="count">{formatNumber(classified.counts[kind])}</span>
                </li>
              ))}
            </ul>
            <div
              class="revealed"
              tabIndex={0}
              role="region"
              aria-label="The visible text, hidden characters drawn as coloured bars"
            >
              {classified.pieces.map((piece, index) =>
                piece.kind ? <span key={index} class={`mark ${piece.kind}`} title={piece.label} /> : piece.text,
              )}
            </div>
            {classified.truncated && (
              <p class="hint">
                The first {formatNumber(50_000)} characters are drawn; the counts cover the whole text.
              </p>
            )}
          </section>
          <Watermarks inspection={inspection} text={checked} />
          <section class="card" aria-labelledby="strip-title">
            <h2 id="strip-title">Remove them</h2>
            <p>
              Removes payload selectors, zero-width characters and stray tags, as <code>wm strip</code> does; keeps what
              belongs to the text: emoji sequences, and direction controls, which change how the text reads.
            </p>
            <button type="button" class="button primary" onClick={() => setClean(strip(checked))}>
              Remove hidden marks
            </button>
            {clean !== null && (
              <div>
                <p role="status">
                  {formatNumber(checked.length - clean.length)} UTF-16 units removed; {formatNumber(clean.length)} left.
                </p>
                <label class="label" for="clean-text">
                  Clean text
                </label>
                <textarea id="clean-text" readOnly rows={6} value={clean} />
                <ResultActions text={clean} fileName="clean.txt" what="clean text" />
              </div>
            )}
          </section>
        </>
      )}
    </div>
  );
}

function Watermarks({ inspection, text }: { inspection: Inspection; text: string }) {
  const { vs, robust } = inspection;
  const keyed = (!vs.ok && vs.code === 'KEY_REQUIRED') || (!robust.ok && robust.code === 'KEY_REQUIRED');
  return (
    <section class="card" aria-labelledby="watermarks-title">
      <h2 id="watermarks-title">Watermarks</h2>
      <div class="two-columns">
        <div>
          <h3>Variation-selector watermarks</h3>
          {vs.ok ? <VsResult result={vs.result} /> : <p class="muted">{outcomeText(vs.code)}</p>}
        </div>
        <div>
          <h3>Robust watermarks</h3>
          {robust.ok && robust.result.is_encoded ? (
            <RobustResult result={robust.result} />
          ) : (
            <p class="muted">{outcomeText(robust.ok ? 'NO_WATERMARK' : robust.code)}</p>
          )}
        </div>
      </div>
      {keyed && <KeyedDecode text={text} robust={!robust.ok && robust.code === 'KEY_REQUIRED'} />}
    </section>
  );
}

const OUTCOMES: Record<string, string> = {
  NO_WATERMARK: 'None found.',
  CORRUPTED: 'Marks found, but damaged: no secret can be read from them.',
  KEY_REQUIRED: 'A keyed watermark: only an API token of its signing channel can read it (below).',
  INVALID_INPUT: 'This text cannot be read.',
};
const outcomeText = (code: string) => OUTCOMES[code] ?? code;

/** A secret, isolated from the text around it, its direction controls and controls shown as tokens. */
function DecodedSecret({ secret }: { secret: string }) {
  return (
    <div class="decoded">
      <bdi>{visibleSecret(secret)}</bdi>
    </div>
  );
}

function VsResult({ result }: { result: DecodeResult }) {
  return (
    <ul class="result-list">
      {result.watermarks.map((watermark, index) => (
        <li key={index}>
          <span class="muted small">
            Secret {result.watermarks.length > 1 ? `${index + 1} of ${result.watermarks.length}` : ''}
          </span>
          <DecodedSecret secret={watermark.decoded} />
          <SignedNote signature={watermark.signature} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A signed mark names its signer's key id; this page does not check the signature (the checker runs no Ed25519):
 * it says how to.
 */
function SignedNote({ signature }: { signature: DecodeResult['signature'] | undefined }) {
  if (!signature?.signed) return null;
  return (
    <span class="muted small">
      Signed with key <code>{signature.key_id}</code>
      {signature.text_bound ? ', text bound' : ''} — check it with <code>wm verify --keys</code> and the signer's public
      key.
    </span>
  );
}

function RobustResult({ result }: { result: DecodeRobustResult }) {
  const { watermarks } = result;
  return (
    <ul class="result-list">
      {watermarks.map((watermark, index) => (
        <li key={index}>
          <span class="muted small">Secret {watermarks.length > 1 ? `${index + 1} of ${watermarks.length}` : ''}</span>
          <DecodedSecret secret={watermark.decoded} />
          <span class="muted small">
            {watermark.copies_agreeing} of {watermark.copies_found} copies agree · {watermark.bits_recovered} bits read
            {watermarks.length > 1 ? ` · characters ${watermark.start}–${watermark.end}` : ''}
          </span>
          <SignedNote signature={watermark.signature} />
        </li>
      ))}
    </ul>
  );
}

/** Keyed watermarks are read on the server with the user's API token of the same channel (charged as usual). */
function KeyedDecode({ text, robust }: { text: string; robust: boolean }) {
  const [busy, setBusy] = useState(false);
  const [decoded, setDecoded] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setDecoded(null);
    try {
      const result = await watermarkRequest<{ decoded: string }>(robust ? 'decode-robust' : 'decode', { text });
      setDecoded(result.decoded);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'The server could not be reached.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={run}>
      <h3>Read it on the server</h3>
      <p class="small muted">The text is sent to this server's API with your token; the decode costs a credit.</p>
      <TokenField />
      <button type="submit" class="button" disabled={busy || !checkerToken.value.trim()}>
        {busy ? 'Decoding…' : 'Decode with my token'}
      </button>
      {error && <Notice kind="error">{error}</Notice>}
      {decoded !== null && (
        <Notice kind="ok">
          <span class="muted small">Secret</span>
          <DecodedSecret secret={decoded} />
        </Notice>
      )}
    </form>
  );
}
