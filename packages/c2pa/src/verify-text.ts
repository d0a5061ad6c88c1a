import { c2paManifestStore, findC2paWrappers, type C2paWrapper } from 'wm-watermark-codec/c2pa';
import { countCodePoints } from 'wm-watermark-codec/scan';
import { declaredActions, type DeclaredAction } from './actions.js';
import { equalBytes, sha256 } from './bytes.js';
import { checkCredentials, spkiOf, type SignerIdentity } from './credential-check.js';
import { CoseError, readCose, verifyCose, type SigningAlgorithm } from './cose.js';
import { readManifest, type ReadManifest } from './read-manifest.js';
import { declaredSoftBinding, watermarkBinding } from './soft-binding.js';
import { isSuccess, type StatusCode, type StatusEntry } from './status.js';
import { boundBytes, utf8Length, type Exclusion } from './text-binding.js';
import { LABEL } from './labels.js';

export interface VerifyTextOptions {
  /** DER certificates the reader trusts as roots (its trust list) */
  trustAnchors?: Uint8Array[];
  /** when the certificates must be valid (default: now; wm writes no time-stamp, so there is no signing time) */
  at?: Date;
}

/**
 * C2PA's validation states: `trusted` (every check passed and the signer chains to a trust anchor), `valid` (every
 * check passed but the signer is unknown: signingCredential.untrusted), `invalid` (any other failure).
 */
export type C2paState = 'trusted' | 'valid' | 'invalid';

export interface C2paVerification {
  state: C2paState;
  success: StatusEntry[];
  failure: StatusEntry[];
  /** code points from the start of the text to the wrapper's U+FEFF */
  offset?: number;
  manifest?: string;
  claimGenerator?: string;
  title?: string;
  signer?: SignerIdentity;
  algorithm?: SigningAlgorithm;
  actions?: DeclaredAction[];
  /** the soft binding, and whether the text's wm watermark is the one it names */
  softBinding?: { alg: string; value: string; matches: boolean };
}

/** The C2PA verification of a text's manifest, or null when the text carries no wrapper at all. */
export async function verifyText(text: string, options: VerifyTextOptions = {}): Promise<C2paVerification | null> {
  const wrappers = findC2paWrappers(text);
  if (wrappers.length === 0) return null;
  const framed = wrappers.filter((wrapper) => wrapper.framed);
  if (framed.length > 1) {
    return finish({
      success: [],
      failure: [{ code: 'manifest.text.multipleWrappers', explanation: `${framed.length} wrappers in the text` }],
    });
  }
  if (framed.length === 0) {
    const explanation = wrappers[0].problem;
    return finish({
      success: [],
      failure: [{ code: 'manifest.text.corruptedWrapper', ...(explanation ? { explanation } : {}) }],
    });
  }
  return verifyWrapper(text, framed[0], options);
}

async function verifyWrapper(
  text: string,
  wrapper: C2paWrapper,
  options: VerifyTextOptions,
): Promise<C2paVerification> {
  const success: StatusEntry[] = [];
  const failure: StatusEntry[] = [];
  const report = (code: StatusCode, more: Omit<StatusEntry, 'code'> = {}) =>
    (isSuccess(code) ? success : failure).push({ code, ...more });
  const offset = countCodePoints(text, 0, wrapper.index);
  let manifest: ReadManifest;
  try {
    manifest = readManifest(c2paManifestStore(text, wrapper)!);
  } catch (error) {
    const { code, explanation } = error as { code?: StatusCode; explanation?: string };
    report(code ?? 'general.error', { explanation: explanation ?? (error as Error).message });
    return finish({ success, failure, offset });
  }
  const about = {
    offset,
    manifest: manifest.label,
    ...(manifest.generator ? { claimGenerator: manifest.generator } : {}),
    ...(manifest.title ? { title: manifest.title } : {}),
  };
  const signatureUrl = `self#jumbf=/c2pa/${manifest.label}/${LABEL.signature}`;
  let cose;
  try {
    cose = readCose(manifest.signature);
  } catch (error) {
    report('claimSignature.missing', { url: signatureUrl, explanation: (error as Error).message });
    return finish({ success, failure, ...about });
  }
  const credentials = await checkCredentials(cose.chain, options.trustAnchors ?? [], options.at);
  report(credentials.status, {
    url: signatureUrl,
    ...(credentials.explanation ? { explanation: credentials.explanation } : {}),
  });
  let signed: boolean | undefined;
  try {
    signed =
      credentials.signer !== undefined && (await verifyCose(cose, manifest.claimBytes, () => spkiOf(cose.chain[0])));
  } catch (error) {
    if (!(error instanceof CoseError)) throw error;
    report('algorithm.unsupported', { url: signatureUrl, explanation: error.message });
  }
  if (signed !== undefined)
    report(signed ? 'claimSignature.validated' : 'claimSignature.mismatch', {
      url: signatureUrl,
      ...(signed ? {} : { explanation: signatureProblem(cose) }),
    });
  for (const reference of manifest.references) {
    const url = reference.url;
    if (!reference.box)
      report('assertion.missing', { url, explanation: 'the claim names an assertion the manifest does not hold' });
    else
      report(
        equalBytes(sha256(reference.payload!), reference.hash)
          ? 'assertion.hashedURI.match'
          : 'assertion.hashedURI.mismatch',
        { url },
      );
  }
  checkDataHash(text, wrapper, manifest, report);
  const actions = manifest.assertion(LABEL.actions) ?? manifest.assertion(LABEL.actionsV1);
  const declared = declaredSoftBinding(manifest.assertion(LABEL.softBinding));
  return finish({
    success,
    failure,
    ...about,
    ...(credentials.signer ? { signer: credentials.signer } : {}),
    algorithm: cose.algorithm,
    actions: declaredActions(actions),
    ...(declared ? { softBinding: { ...declared, matches: declared.value === watermarkBinding(text) } } : {}),
  });
}

/** Why a signature does not verify, as far as its shape tells. */
function signatureProblem(cose: { algorithm: SigningAlgorithm; signature: Uint8Array }): string {
  if (cose.algorithm === 'es256' && cose.signature.length !== 64) {
    return `an ES256 signature is r‖s, 64 bytes (RFC 9053); this one has ${cose.signature.length} (DER-encoded?)`;
  }
  return "the signature does not verify with the signer's certificate: the claim or the signature was changed";
}

type Report = (code: StatusCode, more?: Omit<StatusEntry, 'code'>) => void;

/** The hard binding: one data hash, its exclusion exactly the wrapper, its hash that of the rest of the text. */
function checkDataHash(text: string, wrapper: C2paWrapper, manifest: ReadManifest, report: Report): void {
  const hardBindings = manifest.references.filter((reference) => reference.label === LABEL.dataHash);
  if (hardBindings.length === 0) return report('claim.hardBindings.missing');
  if (hardBindings.length > 1) return report('assertion.multipleHardBindings');
  const url = hardBindings[0].url;
  const content = manifest.assertion(LABEL.dataHash) as
    { exclusions?: Exclusion[]; alg?: unknown; hash?: unknown } | undefined;
  const exclusions = content?.exclusions;
  if (
    !content ||
    !(content.hash instanceof Uint8Array) ||
    (content.alg !== undefined && content.alg !== 'sha256') ||
    !Array.isArray(exclusions) ||
    !exclusions.every(isExclusion)
  ) {
    return report('assertion.dataHash.malformed', {
      url,
      explanation: 'a data hash needs exclusions and a SHA-256 hash',
    });
  }
  const wrapperStart = utf8Length(text.slice(0, wrapper.index));
  const wrapperLength = utf8Length(text.slice(wrapper.index, wrapper.end));
  if (exclusions.length !== 1 || exclusions[0].start !== wrapperStart || exclusions[0].length !== wrapperLength) {
    return report('assertion.dataHash.mismatch', {
      url,
      explanation:
        `the exclusions do not cover exactly the wrapper (bytes ${wrapperStart}–${wrapperStart + wrapperLength}): ` +
        'the text was edited before it',
    });
  }
  const bound = boundBytes(new TextEncoder().encode(text), exclusions);
  const matches = bound !== null && equalBytes(sha256(bound), content.hash);
  report(matches ? 'assertion.dataHash.match' : 'assertion.dataHash.mismatch', {
    url,
    ...(matches ? {} : { explanation: 'the text is not the one signed' }),
  });
}

function finish(result: Omit<C2paVerification, 'state'>): C2paVerification {
  const failures = result.failure.map(({ code }) => code);
  const state: C2paState =
    failures.length === 0
      ? 'trusted'
      : failures.every((code) => code === 'signingCredential.untrusted')
        ? 'valid'
        : 'invalid';
  return { state, ...result };
}

const isExclusion = (value: unknown): value is Exclusion =>
  Number.isSafeInteger((value as Exclusion)?.start) && Number.isSafeInteger((value as Exclusion)?.length);
