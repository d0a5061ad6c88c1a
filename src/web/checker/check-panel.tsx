import { useEffect, useMemo, useState } from 'preact/hooks';
import { ApiError } from '../app/api.js';
import { formatNumber } from '../app/format.js';
import { Notice } from '../app/ui/notice.js';
import { characterCount } from './characters.js';
import { MARK_KINDS, classify, type TagText } from './classify.js';
import { strip } from './codec.js';
import { ContentCredentials } from './content-credentials.js';
import { inspect, type Inspection } from './inspect.js';
import { loadServerKeySet, verifyingKeys } from './key-sets.js';
import { ResultActions } from './result-actions.js';
import { Signatures } from './signatures.js';
import { TextInput } from './text-input.js';
import { TokenField } from './token-field.js';
import { DecodedSecret, Verdicts } from './verdicts.js';
import { hasServerCredential, watermarkRequest } from './watermark-api.js';

/** Typing into a large text re-checks it after this pause, not on every key. */
const SETTLE_MS = 150;

export function CheckPanel({ text, onText }: { text: string; onText: (text: string) => void }) {
  const [checked, setChecked] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setChecked(text), text.length > 20_000 ? SETTLE_MS : 0);
    return () => clearTimeout(timer);
  }, [text]);
  const classified = useMemo(() => classify(checked), [checked]);
  useEffect(() => void loadServerKeySet(), []);
  const keys = verifyingKeys.value;
  const inspection = useMemo(() => inspect(checked, keys), [checked, keys]);
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
                piece.spelled ? (
                  <span key={index} class="mark tag spelled" title={piece.label}>
                    {piece.spelled.spelled}
                    {piece.spelled.complete ? '' : ' …'}
                  </span>
                ) : piece.kind ? (
                  <span key={index} class={`mark ${piece.kind}`} title={piece.label} />
                ) : (
                  piece.text
                ),
              )}
            </div>
            {classified.tagTexts.length > 0 && <TagTexts found={classified.tagTexts} />}
            {classified.truncated && (
              <p class="hint">
                The first {formatNumber(50_000)} characters are drawn; the counts cover the whole text.
              </p>
            )}
          </section>
          <Watermarks inspection={inspection} text={checked} />
          <ContentCredentials text={checked} />
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
                  {formatNumber(characterCount(checked) - characterCount(clean))} hidden characters removed;{' '}
                  {formatNumber(characterCount(clean))} characters left.
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

/** The tags a text hides list what they spell, at most this many stretches (the rest are counted). */
const TAG_TEXTS_SHOWN = 20;

/** What hidden tag characters spell, as `wm scan` shows it: the text a reader never sees, but a program reads. */
function TagTexts({ found }: { found: TagText[] }) {
  return (
    <div>
      <h3 id="tag-texts-title">Hidden text</h3>
      <p class="small muted">
        Tag characters are invisible, but each stands for a letter: a program that reads this text, such as an AI
        assistant, reads this too. Text hidden so is often an instruction meant for one.
      </p>
      <ul class="result-list">
        {found.slice(0, TAG_TEXTS_SHOWN).map((stretch) => (
          <li key={stretch.start}>
            <span class="muted small">
              {formatNumber(stretch.count)} tag character{stretch.count === 1 ? '' : 's'} spelling
            </span>
            <DecodedSecret secret={stretch.complete ? stretch.spelled : `${stretch.spelled} …`} />
          </li>
        ))}
      </ul>
      {found.length > TAG_TEXTS_SHOWN && (
        <p class="small muted">and {formatNumber(found.length - TAG_TEXTS_SHOWN)} more stretches.</p>
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
        <Verdicts inspection={inspection} />
      </div>
      <Signatures outcome={inspection.signatures} />
      {/* keyed by the text: a secret read from an earlier text must not stay beside this one */}
      {keyed && <KeyedDecode key={text} text={text} robust={!robust.ok && robust.code === 'KEY_REQUIRED'} />}
    </section>
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
      const result = robust
        ? await watermarkRequest('decode-robust', { text })
        : await watermarkRequest('decode', { text });
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
      <p class="small muted">
        The text is sent to this server's API as your API token; the decode uses credits like any other.
      </p>
      <TokenField need="decode" />
      <button type="submit" class="button" disabled={busy || !hasServerCredential()}>
        {busy ? 'Decoding…' : 'Decode on the server'}
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
