import { useEffect, useMemo, useState } from 'preact/hooks';
import type { C2paVerification } from 'wm-watermark-c2pa/verify';
import { findC2paWrappers } from 'wm-watermark-codec/c2pa';
import { Notice } from '../app/ui/notice.js';
import { visibleSecret } from './secret-text.js';
import { TrustAnchorForm, trustAnchors } from './trust-anchors.js';
import { verifyContentCredentials } from './verify-c2pa.js';

type Outcome = { state: 'done'; verification: C2paVerification } | { state: 'failed' };
/** An outcome with what it was checked for: a render between a new text and its effect never shows the old one. */
type Checked = Outcome & { text: string; anchors: unknown };

/**
 * The text's C2PA manifest (Content Credentials), verified in this page by the C2PA package's own verify, as
 * `wm verify` does: who signed, when, which actions, and every status code. Shown only when the text has a wrapper.
 */
export function ContentCredentials({ text }: { text: string }) {
  const hasWrapper = useMemo(() => findC2paWrappers(text).length > 0, [text]);
  const anchors = trustAnchors.value;
  const [outcome, setOutcome] = useState<Checked | undefined>(undefined);
  useEffect(() => {
    if (!hasWrapper) return;
    let current = true;
    const settle = (result: Outcome) => current && setOutcome({ ...result, text, anchors });
    verifyContentCredentials(text, anchors?.certificates ?? []).then(
      (verification) => settle({ state: 'done', verification }),
      () => settle({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [text, hasWrapper, anchors]);
  if (!hasWrapper) return null;
  const checked = outcome?.text === text && outcome.anchors === anchors ? outcome : { state: 'checking' as const };
  return (
    <section class="card" aria-labelledby="c2pa-title">
      <h2 id="c2pa-title">Content Credentials (C2PA)</h2>
      {checked.state === 'checking' && <p class="muted">Checking the C2PA manifest…</p>}
      {checked.state === 'failed' && (
        <Notice kind="error">The C2PA verification could not run in this browser (its module did not load).</Notice>
      )}
      {checked.state === 'done' && <Manifest verification={checked.verification} />}
      <TrustAnchorForm />
    </section>
  );
}

function Manifest({ verification }: { verification: C2paVerification }) {
  const { signer, actions = [], softBinding } = verification;
  return (
    <div class="c2pa-manifest">
      <Notice kind={kindOf(verification)}>
        <p class="verdict" id="c2pa-verdict">
          <VerdictWords verification={verification} />
        </p>
      </Notice>
      <dl class="facts">
        {signer && (
          <>
            <dt>Signer</dt>
            <dd id="c2pa-signer">
              <bdi>{visibleSecret(signer.name)}</bdi>
              {signer.organization && signer.organization !== signer.name && (
                <> ({visibleSecret(signer.organization)})</>
              )}
            </dd>
            <dt>Certificate issued by</dt>
            <dd>
              <bdi>{visibleSecret(signer.issuer)}</bdi>, valid {signer.notBefore.slice(0, 10)} to{' '}
              {signer.notAfter.slice(0, 10)}
            </dd>
          </>
        )}
        {verification.algorithm && (
          <>
            <dt>Algorithm</dt>
            <dd>{verification.algorithm === 'es256' ? 'ES256 (ECDSA P-256)' : 'Ed25519'}</dd>
          </>
        )}
        {verification.claimGenerator && (
          <>
            <dt>Written by</dt>
            <dd>{visibleSecret(verification.claimGenerator)}</dd>
          </>
        )}
        {verification.title && (
          <>
            <dt>Title</dt>
            <dd>
              <bdi>{visibleSecret(verification.title)}</bdi>
            </dd>
          </>
        )}
        {softBinding && (
          <>
            <dt>Soft binding</dt>
            <dd>
              {softBinding.matches ? 'names this text’s wm watermark' : 'does not match this text’s wm marks'} (
              <code>{softBinding.alg}</code>)
            </dd>
          </>
        )}
      </dl>
      {actions.length > 0 && (
        <>
          <h3>Actions</h3>
          <ol class="result-list" id="c2pa-actions">
            {actions.map((action, index) => (
              <li key={index}>
                <code>{action.action}</code>
                {action.digitalSourceType && <> ({action.digitalSourceType.split('/').pop()})</>}
                {action.when && <> {action.when}</>}
                {action.softwareAgent && <> by {visibleSecret(action.softwareAgent)}</>}
              </li>
            ))}
          </ol>
        </>
      )}
      <h3>Status codes</h3>
      <ul class="result-list" id="c2pa-codes">
        {verification.failure.map(({ code, explanation }, index) => (
          <li key={`f${index}`} class="failure">
            failure <code>{code}</code>
            {explanation && <>: {visibleSecret(explanation)}</>}
          </li>
        ))}
        {verification.success.map(({ code }, index) => (
          <li key={`s${index}`} class="success">
            success <code>{code}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The signature holds and only the text's hash fails: the text was edited after it was signed. */
function onlyTextChanged({ success, failure }: C2paVerification): boolean {
  return (
    success.some(({ code }) => code === 'claimSignature.validated') &&
    failure.every(({ code }) => code === 'assertion.dataHash.mismatch' || code === 'signingCredential.untrusted')
  );
}

const kindOf = (verification: C2paVerification): 'ok' | 'warn' | 'error' =>
  verification.state === 'trusted' ? 'ok' : verification.state === 'valid' ? 'warn' : 'error';

function VerdictWords({ verification }: { verification: C2paVerification }) {
  const name = verification.signer ? <strong>{visibleSecret(verification.signer.name)}</strong> : 'an unknown signer';
  switch (verification.state) {
    case 'trusted':
      return <>Signed by {name} — trusted: the certificate chains to a trust anchor you gave; the text is unchanged.</>;
    case 'valid':
      return (
        <>
          Signed by {name}, unknown signer — the text is unchanged since it was signed, but no trust anchor you gave
          vouches for who signed. Add the signer’s root certificate below to trust it.
        </>
      );
    default:
      if (onlyTextChanged(verification))
        return <>Signed by {name} — but the text was changed after it was signed (its hard binding fails).</>;
      return <>The Content Credentials do not verify: {verification.failure.map(({ code }) => code).join(', ')}.</>;
  }
}
