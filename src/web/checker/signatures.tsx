import { useState } from 'preact/hooks';
import type { FileKey } from 'wm-watermark-codec/key-set-check';
import type { SignatureReport } from 'wm-watermark-codec/signature-report';
import { Notice } from '../app/ui/notice.js';
import type { VerifiedMark, VerifyResult } from './codec.js';
import type { Outcome } from './inspect.js';
import { PasteField, usePasted } from './paste-field.js';
import { addKeySet, addedKeySet, serverKeySet, THIS_SERVER, verifyingKeys } from './key-sets.js';
import { visibleSecret } from './secret-text.js';

/**
 * Who signed the text's marks, in words: "Signed by Ada Valley News — text unchanged", checked in this page by the
 * codec's verify with this server's key set and one the reader adds. The verdict is the codec's (its
 * SignatureReport); this only words it.
 */
export function Signatures({ outcome }: { outcome: Outcome<VerifyResult> }) {
  if (!outcome.ok) return null;
  const signed = outcome.result.marks.filter((mark) => mark.signature.signed);
  if (signed.length === 0) return null;
  const loading = serverKeySet.value.state === 'loading';
  return (
    <div class="signatures">
      <h3>Signatures</h3>
      <ul class="result-list">
        {signed.map((mark, index) => (
          <li key={index}>
            {signed.length > 1 && (
              <span class="muted small">
                Mark {index + 1} of {signed.length}
              </span>
            )}
            <Verdict mark={mark} loading={loading} />
          </li>
        ))}
      </ul>
      {serverKeySet.value.state === 'failed' && (
        <p class="small muted">
          {THIS_SERVER[0].toUpperCase() + THIS_SERVER.slice(1)} could not be loaded: {serverKeySet.value.message}
        </p>
      )}
      <KeySetForm />
    </div>
  );
}

/** A name from a key set, shown as text: its direction controls drawn as tokens, isolated from the words around. */
const Name = ({ name }: { name: string }) => (
  <strong>
    <bdi>{visibleSecret(name)}</bdi>
  </strong>
);

function Verdict({ mark, loading }: { mark: VerifiedMark; loading: boolean }) {
  const report = mark.signature;
  const key = verifyingKeys.value.find((candidate) => candidate.keyId === report.key_id);
  if (report.status === 'unknown_key' && loading) {
    return <p class="muted">Checking the signature against {THIS_SERVER}…</p>;
  }
  return (
    <Notice kind={kindOf(report)}>
      <p class="verdict">
        <VerdictWords report={report} />
      </p>
      <p class="small">
        {mark.keyed ? 'The secret is encrypted (its signature is checked without it). ' : ''}
        Key <code>{report.key_id}</code>
        {key && <KeySource signer={key} />}
      </p>
    </Notice>
  );
}

const kindOf = (report: SignatureReport): 'ok' | 'warn' | 'error' =>
  report.status === 'invalid' ? 'error' : report.status === 'valid' && report.text_matches !== false ? 'ok' : 'warn';

function VerdictWords({ report }: { report: SignatureReport }) {
  const signer = report.signer ? <Name name={report.signer} /> : 'the holder of this key';
  switch (report.status) {
    case 'valid':
      if (!report.text_bound) {
        return (
          <>
            Signed by {signer} — the signature covers the hidden mark, not the visible text, which may have been edited.
          </>
        );
      }
      return report.text_matches ? (
        <>Signed by {signer} — text unchanged.</>
      ) : (
        <>Signed by {signer} — but the text was changed after it was signed.</>
      );
    case 'invalid':
      return <>The signature does not verify with {signer}’s key: the mark was forged or altered.</>;
    default:
      return (
        <>
          Signed by an unknown signer: the key is in no key set this page has. Add the signer’s key set below to check
          it.
        </>
      );
  }
}

function KeySource({ signer }: { signer: FileKey }) {
  const parts = [
    signer.account ? `account ${signer.account}` : '',
    signer.issuer ? `key set of ${signer.issuer}` : '',
    signer.file === THIS_SERVER ? THIS_SERVER : `from ${signer.file}`,
  ].filter(Boolean);
  return <> · {visibleSecret(parts.join(', '))}</>;
}

/** One more key set, pasted or linked; refused with the reason when it cannot be used. */
function KeySetForm() {
  const pasted = usePasted();
  const [busy, setBusy] = useState(false);
  const added = addedKeySet.value;
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    pasted.setError(await addKeySet(pasted.value));
    setBusy(false);
  };
  if (added) {
    return (
      <p class="small">
        Also checked with {added.keys.length} key{added.keys.length === 1 ? '' : 's'} of{' '}
        <bdi>{visibleSecret(added.source)}</bdi>.{' '}
        <button type="button" class="button small" onClick={() => (addedKeySet.value = null)}>
          Remove
        </button>
      </p>
    );
  }
  return (
    <form class="key-set-form" onSubmit={submit} noValidate>
      <PasteField
        id="key-set"
        label="Check with another key set"
        {...pasted.field}
        hint={
          <>
            Paste a key set (wm-keys.json) or a public key (PEM), or its https:// address, such as a publisher’s
            /.well-known/wm-keys.json: your browser fetches it from there; the text is not sent.
          </>
        }
      />
      <button type="submit" class="button" disabled={busy}>
        {busy ? 'Loading…' : 'Use this key set'}
      </button>
    </form>
  );
}
