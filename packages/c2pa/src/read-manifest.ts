import { decode } from 'cbor2';
import { equalBytes } from './bytes.js';
import { JumbfError, readSuperBox, superBoxPayload, type SuperBox } from './jumbf.js';
import { LABEL, UUID } from './labels.js';
import type { StatusCode } from './status.js';

/** A failure to read the manifest store, with the status code a validator reports for it. */
export class ManifestReadError extends Error {
  override readonly name = 'ManifestReadError';
  constructor(
    readonly code: StatusCode,
    readonly explanation: string,
  ) {
    super(explanation);
  }
}

export interface AssertionReference {
  url: string;
  /** the assertion's label, from the URL's last part */
  label: string;
  hash: unknown;
  box?: SuperBox;
  payload?: Uint8Array;
}

export interface ReadManifest {
  label: string;
  generator?: string;
  title?: string;
  /** the claim's CBOR, as signed */
  claimBytes: Uint8Array;
  /** the COSE_Sign1 bytes */
  signature: Uint8Array;
  /** the claim's created (and gathered) assertions */
  references: AssertionReference[];
  /** the decoded content of the manifest's assertion with this label */
  assertion(label: string): unknown;
}

/** The active manifest (the last) of a manifest store, as far as its structure goes; throws ManifestReadError. */
export function readManifest(storeBytes: Uint8Array): ReadManifest {
  let store: SuperBox;
  try {
    store = readSuperBox(storeBytes);
  } catch (error) {
    throw new ManifestReadError('general.error', `the manifest store is not JUMBF: ${(error as JumbfError).message}`);
  }
  if (!equalBytes(store.uuid, UUID.store) || store.label !== LABEL.store) {
    throw new ManifestReadError('general.error', 'the JUMBF superbox is not a C2PA manifest store');
  }
  const manifests = store.children.filter((box): box is SuperBox => box.kind === 'super');
  const manifest = manifests[manifests.length - 1];
  if (!manifest) throw new ManifestReadError('manifest.missing', 'the manifest store holds no manifest');
  if (!equalBytes(manifest.uuid, UUID.manifest)) {
    throw new ManifestReadError(
      'general.error',
      `${manifest.label} is not a standard manifest (no other kind is read)`,
    );
  }
  const claimBox = child(manifest, LABEL.claim, UUID.claim) ?? child(manifest, LABEL.claimV1, UUID.claim);
  const claimBytes = claimBox && cborContent(claimBox);
  if (!claimBox || !claimBytes)
    throw new ManifestReadError('claim.missing', `the manifest ${manifest.label} has no claim`);
  const claim = decodeOr(
    claimBytes,
    () => new ManifestReadError('claim.cbor.invalid', 'the claim is not CBOR'),
  ) as Record<string, unknown>;
  const signatureBox = child(manifest, LABEL.signature, UUID.signature);
  const signature = signatureBox && cborContent(signatureBox);
  if (!signature) throw new ManifestReadError('claimSignature.missing', 'the manifest has no claim signature');
  const assertionStore = child(manifest, LABEL.assertions, UUID.assertions);
  const assertions = new Map<string, SuperBox>();
  for (const box of assertionStore?.children ?? []) if (box.kind === 'super') assertions.set(box.label, box);
  const listed = [claim.created_assertions, claim.gathered_assertions, claim.assertions].flatMap((list) =>
    Array.isArray(list) ? (list as { url?: unknown; hash?: unknown }[]) : [],
  );
  const references = listed.map((entry): AssertionReference => {
    const url = typeof entry?.url === 'string' ? entry.url : '';
    const label = url.split('/').pop() ?? '';
    const ownsIt =
      url === `self#jumbf=${LABEL.assertions}/${label}` ||
      url === `self#jumbf=/c2pa/${manifest.label}/${LABEL.assertions}/${label}`;
    const box = ownsIt ? assertions.get(label) : undefined;
    return { url, label, hash: entry?.hash, ...(box ? { box, payload: superBoxPayload(box) } : {}) };
  });
  const generator = generatorOf(claim);
  return {
    label: manifest.label,
    ...(generator ? { generator } : {}),
    ...(typeof claim['dc:title'] === 'string' ? { title: claim['dc:title'] } : {}),
    claimBytes,
    signature,
    references,
    assertion(label) {
      const box = assertions.get(label);
      const bytes = box && cborContent(box);
      if (!bytes) return undefined;
      try {
        return decode(bytes);
      } catch {
        return undefined;
      }
    },
  };
}

/** "name version" of the claim's generator (claim_generator_info: a map in v2, a list in v1; or v1's string). */
function generatorOf(claim: Record<string, unknown>): string | undefined {
  const info = claim.claim_generator_info;
  const { name, version } = ((Array.isArray(info) ? info[0] : info) ?? {}) as { name?: unknown; version?: unknown };
  if (typeof name === 'string') return typeof version === 'string' ? `${name} ${version}` : name;
  return typeof claim.claim_generator === 'string' ? claim.claim_generator : undefined;
}

/** The child superbox of that label, which must be of that type (a box of another type is none). */
const child = (box: SuperBox, label: string, uuid: Uint8Array): SuperBox | undefined =>
  box.children.find(
    (candidate): candidate is SuperBox =>
      candidate.kind === 'super' && candidate.label === label && equalBytes(candidate.uuid, uuid),
  );

/** The payload of a superbox's 'cbor' content box. */
function cborContent(box: SuperBox): Uint8Array | undefined {
  const content = box.children.find((candidate) => candidate.kind === 'content' && candidate.type === 'cbor');
  return content?.kind === 'content' ? content.payload : undefined;
}

function decodeOr(bytes: Uint8Array, failure: () => Error): unknown {
  try {
    return decode(bytes);
  } catch {
    throw failure();
  }
}
