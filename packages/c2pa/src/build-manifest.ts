import { encode } from 'cbor2';
import { contentBox, superBox, superBoxPayload, writeBox, type SuperBox } from './jumbf.js';
import { assertionUrl, LABEL, SIGNATURE_URL, UUID } from './labels.js';
import { sha256 } from './bytes.js';

/** What one manifest says, before it is signed: a claim (v2) over CBOR assertions. */
export interface ManifestDraft {
  /** "urn:c2pa:" and a UUID */
  label: string;
  /** "xmp:iid:" and a UUID */
  instanceId: string;
  generator: { name: string; version: string };
  title?: string;
  assertions: { label: string; content: unknown }[];
}

/**
 * The manifest store (one manifest) of a draft, its claim signed by `signClaim` (which returns the COSE_Sign1 of the
 * claim's CBOR). Each created assertion is referenced by a hashed URI: SHA-256 of its superbox less the box header.
 */
export function buildManifestStore(draft: ManifestDraft, signClaim: (claim: Uint8Array) => Uint8Array): Uint8Array {
  const assertions = draft.assertions.map(({ label, content }) =>
    superBox(UUID.cborAssertion, label, [contentBox('cbor', encode(content))]),
  );
  const claim = encode({
    instanceID: draft.instanceId,
    claim_generator_info: draft.generator,
    signature: SIGNATURE_URL,
    created_assertions: assertions.map((box) => ({ url: assertionUrl(box.label), hash: sha256(payloadOf(box)) })),
    alg: 'sha256',
    ...(draft.title !== undefined ? { 'dc:title': draft.title } : {}),
  });
  const manifest = superBox(UUID.manifest, draft.label, [
    superBox(UUID.assertions, LABEL.assertions, assertions),
    superBox(UUID.claim, LABEL.claim, [contentBox('cbor', claim)]),
    superBox(UUID.signature, LABEL.signature, [contentBox('cbor', signClaim(claim))]),
  ]);
  return writeBox(superBox(UUID.store, LABEL.store, [manifest]));
}

const payloadOf = (box: SuperBox): Uint8Array => superBoxPayload(box);
