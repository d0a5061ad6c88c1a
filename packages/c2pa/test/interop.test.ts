// @peculiar/x509, which the test hands c2pa-ts certificates of, needs the Reflect API first
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { initSync, WasmReader } from '@contentauth/c2pa-wasm';
import { X509Certificate } from '@peculiar/x509';
import { ActionAssertion, ClaimVersion, DataHashAssertion, ManifestStore } from '@trustnxt/c2pa-ts/manifest';
import { LocalSigner } from '@trustnxt/c2pa-ts/cose';
import { SuperBox } from '@trustnxt/c2pa-ts/jumbf';
import { describe, expect, test } from 'vitest';
import { signText, verifyText, type SigningAlgorithm } from 'wm-watermark-c2pa';
import { credentialsFor, GENERATOR, TRUSTED_CODES } from './credentials.js';
import { TextAsset } from './text-asset.js';

/**
 * wm's manifests checked by two independent implementations from the npm registry, and theirs read by wm:
 * - @trustnxt/c2pa-ts (pure TypeScript): JUMBF, claim, hashed URIs, COSE signature, certificate profile and the data
 *   hash over the text's bytes (through TextAsset); it does not check a chain against trust anchors.
 * - @contentauth/c2pa-wasm (c2pa-rs, the reference implementation, in WebAssembly): this build reads no text asset,
 *   so it reads the manifest store alone (application/c2pa): structure, claim signature, certificate profile, trust
 *   against the anchors it is given, hashed URIs. The data hash it cannot check (it hashes the store as the asset).
 */

const TEXT = 'A statement for the record, signed as plain text.';

const require = createRequire(import.meta.url);
initSync({ module: readFileSync(require.resolve('@contentauth/c2pa-wasm/c2pa.wasm')) });

const storeOf = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array(new TextAsset(text).getManifestJUMBF()!);

interface WasmStatus {
  code: string;
  explanation?: string;
}
interface WasmManifestResults {
  success: WasmStatus[];
  failure: WasmStatus[];
}

/** c2pa-rs's validation of the active manifest of a manifest store read alone, with those trust anchors. */
async function readWithC2paRs(store: Uint8Array<ArrayBuffer>, anchors: string): Promise<WasmManifestResults> {
  const context = JSON.stringify({ trust: { trust_anchors: anchors }, verify: { verify_trust: true } });
  const reader = await WasmReader.fromBytes('application/c2pa', store, context);
  const json = JSON.parse(reader.json()) as { validation_results: { activeManifest: WasmManifestResults } };
  return json.validation_results.activeManifest;
}
const codes = (entries: { code: string }[] | undefined) => (entries ?? []).map(({ code }) => code).sort();

describe.each(['es256', 'ed25519'] as SigningAlgorithm[])('a manifest wm writes (%s)', (algorithm) => {
  test('c2pa-ts validates it, hard binding included', async () => {
    const { credentials } = await credentialsFor(algorithm);
    const signed = signText(TEXT, { credentials, generator: GENERATOR, actions: ['c2pa.published'] });
    const asset = new TextAsset(signed.text);
    const result = await ManifestStore.read(SuperBox.fromBuffer(storeOf(asset.text))).validate(asset);
    expect(result.statusEntries.filter((entry) => !entry.success)).toEqual([]);
    expect(codes(result.statusEntries)).toEqual(TRUSTED_CODES);
    expect(result.isValid).toBe(true);
    // and it sees the text changed
    const edited = new TextAsset(signed.text.replace('record', 'Record'));
    const failed = await ManifestStore.read(SuperBox.fromBuffer(storeOf(edited.text))).validate(edited);
    expect(codes(failed.statusEntries.filter((entry) => !entry.success))).toEqual(['assertion.dataHash.mismatch']);
  });

  test('c2pa-rs (c2pa-wasm) validates its signature, certificate, trust and assertions', async () => {
    const { credentials, files } = await credentialsFor(algorithm);
    const signed = signText(TEXT, { credentials, generator: GENERATOR });
    const read = (anchors: string) => readWithC2paRs(storeOf(signed.text), anchors);
    const trusted = await read(files.rootPem);
    expect(codes(trusted.success)).toEqual(
      [
        'assertion.hashedURI.match',
        'assertion.hashedURI.match',
        'claimSignature.insideValidity',
        'claimSignature.validated',
        'signingCredential.trusted',
      ].sort(),
    );
    // the one failure: the store read alone has no text to hash
    expect(
      trusted.failure.map(({ code, explanation }) => [code, /exclusion range exceed/.test(explanation ?? '')]),
    ).toEqual([['assertion.dataHash.mismatch', true]]);
    const other = await credentialsFor(algorithm === 'es256' ? 'ed25519' : 'es256');
    expect(codes((await read(other.files.rootPem)).failure)).toContain('signingCredential.untrusted');
  });
});

/** A text signed by c2pa-ts, through TextAsset, with a data hash over it. */
async function signedByC2paTs(text: string, algorithm: SigningAlgorithm, claimVersion: ClaimVersion) {
  const { files } = await credentialsFor(algorithm);
  const [leaf, root] = files.chainPem.split(/(?<=-----END CERTIFICATE-----)\s*/).filter(Boolean);
  const pkcs8 = Buffer.from(files.privateKeyPem.replace(/-----[^-]+-----|\s/g, ''), 'base64');
  const coseAlgorithm = algorithm === 'es256' ? -7 : -8;
  const signer = new LocalSigner(new Uint8Array(pkcs8), coseAlgorithm, new X509Certificate(leaf), [
    new X509Certificate(root),
  ]);
  const asset = new TextAsset(text);
  const store = new ManifestStore();
  const instanceID = 'xmp:iid:0d7e0f8c-1d8c-4a07-9c5c-3c1a2b3c4d5e';
  const manifest = store.createManifest({
    claimVersion,
    assetFormat: 'text/plain',
    instanceID,
    defaultHashAlgorithm: 'SHA-256',
    signer,
  });
  const actions = new ActionAssertion();
  actions.actions = [
    {
      action: 'c2pa.created',
      digitalSourceType: 'http://cv.iptc.org/newscodes/digitalsourcetype/digitalCreation',
    } as never,
  ];
  manifest.addAssertion(actions);
  const dataHash = DataHashAssertion.create('SHA-256');
  manifest.addAssertion(dataHash);
  await asset.ensureManifestSpace(store.measureSize());
  await dataHash.updateWithAsset(asset);
  await manifest.sign(signer);
  await asset.writeManifestJUMBF(store.getBytes());
  return asset.text;
}

describe('a manifest c2pa-ts writes into a text', () => {
  test.each([ClaimVersion.V1, ClaimVersion.V2])(
    'Ed25519, claim version %s: wm verifies signer, actions, hard binding, and sees an edit',
    async (claimVersion) => {
      const { anchors } = await credentialsFor('ed25519');
      const text = await signedByC2paTs('Written and signed by another implementation.', 'ed25519', claimVersion);
      const result = await verifyText(text, { trustAnchors: anchors });
      expect(result).toMatchObject({
        state: 'trusted',
        failure: [],
        algorithm: 'ed25519',
        signer: { name: 'Test Press ed25519' },
      });
      expect(result!.actions!.map(({ action }) => action)).toEqual(['c2pa.created']);
      expect(codes(result!.success)).toContain('assertion.dataHash.match');
      const edited = await verifyText(text.replace('another', 'an other'), { trustAnchors: anchors });
      expect(codes(edited!.failure)).toEqual(['assertion.dataHash.mismatch']);
    },
  );

  test('its ES256 signature is DER, not the r‖s COSE requires: wm and c2pa-rs both reject it', async () => {
    const { anchors, files } = await credentialsFor('es256');
    const text = await signedByC2paTs('Signed with ECDSA by another implementation.', 'es256', ClaimVersion.V2);
    const ours = await verifyText(text, { trustAnchors: anchors });
    expect(ours!.failure).toEqual([
      expect.objectContaining({
        code: 'claimSignature.mismatch',
        explanation: expect.stringContaining('r‖s') as string,
      }),
    ]);
    const theirs = await readWithC2paRs(storeOf(text), files.rootPem);
    expect(codes(theirs.failure)).toContain('claimSignature.mismatch');
    expect(JSON.stringify(theirs.failure)).toContain('P1363');
  });
});
