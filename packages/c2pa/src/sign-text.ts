import { randomUUID } from 'node:crypto';
import { c2paWrapperText, c2paWrapperUtf8Length, findC2paWrappers } from 'wm-watermark-codec/c2pa';
import { actionsAssertion, type FollowingAction, type SourceType } from './actions.js';
import { buildManifestStore, type ManifestDraft } from './build-manifest.js';
import type { SigningCredentials } from './certificates.js';
import { signCose } from './cose-sign.js';
import type { SigningAlgorithm } from './cose.js';
import { signerOf, type SignerIdentity } from './credential-check.js';
import { C2paSignError } from './errors.js';
import { LABEL } from './labels.js';
import { softBindingAssertion, watermarkBinding } from './soft-binding.js';
import { sha256 } from './bytes.js';
import { boundBytes, utf8Length } from './text-binding.js';

export interface SignTextOptions {
  credentials: SigningCredentials;
  /** who wrote the manifest (claim_generator_info and the actions' software agent) */
  generator: { name: string; version: string };
  sourceType?: SourceType;
  /** actions after c2pa.created */
  actions?: readonly FollowingAction[];
  title?: string;
  now?: Date;
}

export interface SignedText {
  text: string;
  /** the manifest's label (urn:c2pa:…) */
  manifest: string;
  /** bytes of the manifest store */
  bytes: number;
  /** whether a soft binding names the text's wm watermark */
  softBinding: boolean;
  /** who signed: the signing certificate's names */
  signer: SignerIdentity;
  algorithm: SigningAlgorithm;
}

/**
 * The text with one C2PA manifest embedded: a C2PATextManifestWrapper placed at the end of the text (before its
 * final line breaks), its data hash over the rest of the text. Refuses a text that already carries a wrapper: a
 * second one makes a reader reject both (manifest.text.multipleWrappers).
 */
export function signText(text: string, options: SignTextOptions): SignedText {
  const wrappers = findC2paWrappers(text);
  if (wrappers.length > 0) {
    throw new C2paSignError(
      'the text already carries a C2PA manifest; remove it first (wm strip --c2pa) and sign the text again',
    );
  }
  const at = text.length - /(\r?\n)*$/.exec(text)![0].length;
  const start = utf8Length(text.slice(0, at));
  const hash = sha256(boundBytes(new TextEncoder().encode(text), [])!);
  const binding = watermarkBinding(text);
  const now = options.now ?? new Date();
  const draftOf = (wrapperLength: number): ManifestDraft => ({
    label: `urn:c2pa:${randomUUID()}`,
    instanceId: `xmp:iid:${randomUUID()}`,
    generator: options.generator,
    ...(options.title !== undefined ? { title: options.title } : {}),
    assertions: [
      {
        label: LABEL.actions,
        content: actionsAssertion({
          sourceType: options.sourceType ?? 'digitalCreation',
          following: options.actions ?? [],
          when: now,
          agent: options.generator,
        }),
      },
      ...(binding ? [{ label: LABEL.softBinding, content: softBindingAssertion(binding) }] : []),
      {
        label: LABEL.dataHash,
        content: {
          exclusions: [{ start, length: wrapperLength }],
          name: 'C2PA text manifest wrapper',
          alg: 'sha256',
          hash,
          pad: new Uint8Array(0),
        },
      },
    ],
  });
  const { credentials } = options;
  const sign = (claim: Uint8Array) => signCose(claim, credentials.privateKey, credentials.algorithm, credentials.chain);
  // The wrapper's length is in the store it wraps: settle the store's size first (signatures of both algorithms
  // have a fixed size, so a dry run's store is as long as the signed one), then sign once.
  let storeBytes = 0;
  for (let round = 0; ; round++) {
    const size = buildManifestStore(draftOf(c2paWrapperUtf8Length(storeBytes)), sign).length;
    if (size === storeBytes) break;
    if (round === 8) throw new Error('the manifest store did not settle on a size');
    storeBytes = size;
  }
  const draft = draftOf(c2paWrapperUtf8Length(storeBytes));
  const store = buildManifestStore(draft, sign);
  const wrapper = c2paWrapperText(store);
  if (store.length !== storeBytes || utf8Length(wrapper) !== c2paWrapperUtf8Length(storeBytes)) {
    throw new Error('the signed manifest store is not the size its data hash excludes');
  }
  return {
    text: text.slice(0, at) + wrapper + text.slice(at),
    manifest: draft.label,
    bytes: store.length,
    softBinding: binding !== undefined,
    signer: signerOf(credentials.chain[0]),
    algorithm: credentials.algorithm,
  };
}
