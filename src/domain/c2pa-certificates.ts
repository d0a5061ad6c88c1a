import type { SigningAlgorithm, SigningCredentials } from 'wm-watermark-c2pa';
import type { ChannelRow, C2paCertificateRow } from '../store/index.js';
import { c2paSignedAnswer, type C2paSigned } from './c2pa-signed.js';
import type { DomainContext } from './context.js';
import { DomainError, invalid } from './errors.js';
import { openSealedKey, sealKey } from './keys.js';
import { iso } from './users.js';
import { requireValid } from './validation.js';

/**
 * A channel's C2PA signing certificate (docs/C2PA.md): made here (a root of the channel's own issues a signing
 * certificate: "signed, unknown signer" until a reader trusts the root) or imported with its chain from a CA. The
 * private key is kept as the channel's other keys are: its PKCS #8 DER sealed under the master-derived wrapping key,
 * the associated data naming the channel and the purpose, never logged or returned. The package is loaded only when
 * a certificate is made, imported or used.
 */
export const c2paSealContext = (channelId: string): string => `c2pa-key ${channelId}`;

const ALGORITHMS: readonly SigningAlgorithm[] = ['es256', 'ed25519'];
const MAX_DAYS = 3650;
const DEFAULT_DAYS = 365;
const MAX_PEM_CHARACTERS = 64 * 1024;

export interface MakeC2paCertificate {
  /** es256 (default) or ed25519 */
  algorithm?: SigningAlgorithm;
  /** who signs, as the certificate names it (default: the channel's signer name or name) */
  signer_name?: string;
  /** how long it is valid (default 365) */
  days?: number;
}

export interface ImportC2paCertificate {
  /** the signing key, PKCS #8 PEM (or any PEM private key node:crypto reads) */
  private_key_pem: string;
  /** the signer's certificate first, then its issuers (PEM) */
  chain_pem: string;
}

/** The certificate as the API shows it: public parts only. */
export interface C2paCertificateInfo {
  channel_id: string;
  origin: 'made' | 'imported';
  algorithm: SigningAlgorithm;
  /** the signer certificate's common name (or whole subject) and organisation */
  signer: string;
  organization: string | null;
  issuer: string;
  not_before: string;
  not_after: string;
  /** the chain, the signer's certificate first (PEM) */
  chain_pem: string;
  /**
   * the last certificate of the chain (PEM): the trust anchor a reader adds to trust this signer when the
   * certificate was made here; of an imported chain, the CA's (a reader may trust its root instead)
   */
  anchor_pem: string;
  created_at: string;
}

const c2pa = () => import('wm-watermark-c2pa');

/** Made here or imported: what the channel is given. */
export type C2paCertificateRequest = { make: MakeC2paCertificate } | { import: ImportC2paCertificate };

/** Gives the channel its certificate, made or imported as `request` says, replacing the one it held. */
export const setC2paCertificate = (
  context: DomainContext,
  channel: ChannelRow,
  request: C2paCertificateRequest,
): Promise<C2paCertificateInfo> =>
  'make' in request
    ? makeC2paCertificate(context, channel, request.make)
    : importC2paCertificate(context, channel, request.import);

async function makeC2paCertificate(
  context: DomainContext,
  channel: ChannelRow,
  options: MakeC2paCertificate = {},
): Promise<C2paCertificateInfo> {
  const algorithm = options.algorithm ?? 'es256';
  const days = options.days ?? DEFAULT_DAYS;
  const name = options.signer_name === undefined ? (channel.signerName ?? channel.name) : options.signer_name.trim();
  requireValid({
    algorithm: ALGORITHMS.includes(algorithm) ? undefined : `must be one of ${ALGORITHMS.join(', ')}`,
    days: Number.isInteger(days) && days >= 1 && days <= MAX_DAYS ? undefined : `must be 1 to ${MAX_DAYS}`,
    signer_name:
      typeof name === 'string' && name.length >= 1 && name.length <= 64 ? undefined : 'must be 1 to 64 characters',
  });
  const { newCredentials } = await c2pa();
  const made = await newCredentials({ algorithm, name, days, now: context.now() });
  return store(context, channel, { private_key_pem: made.privateKeyPem, chain_pem: made.chainPem }, 'made');
}

async function importC2paCertificate(
  context: DomainContext,
  channel: ChannelRow,
  input: ImportC2paCertificate,
): Promise<C2paCertificateInfo> {
  const pemProblem = (value: unknown) =>
    typeof value === 'string' && value.length <= MAX_PEM_CHARACTERS
      ? undefined
      : `must be PEM text of at most ${MAX_PEM_CHARACTERS} characters`;
  requireValid({ private_key_pem: pemProblem(input.private_key_pem), chain_pem: pemProblem(input.chain_pem) });
  return store(context, channel, input, 'imported');
}

/** The channel's certificate; NOT_FOUND when it holds none. */
export async function c2paCertificateOf(context: DomainContext, channel: ChannelRow): Promise<C2paCertificateInfo> {
  const row = await context.store.c2paCertificates.of(channel.id);
  if (!row) throw noCertificate(channel.name);
  return infoOf(row);
}

/** The channel's credentials to sign with, the key unsealed; undefined when it holds no certificate. */
export async function c2paCredentialsOf(
  context: DomainContext,
  channelId: string,
): Promise<SigningCredentials | undefined> {
  const row = await context.store.c2paCertificates.of(channelId);
  if (!row) return undefined;
  const { readCredentials, CredentialError } = await c2pa();
  const der = openSealedKey(context.keys.channelWrap, row.sealedKey, c2paSealContext(channelId));
  const { createPrivateKey } = await import('node:crypto');
  const pem = createPrivateKey({ key: Buffer.from(der), format: 'der', type: 'pkcs8' }).export({
    format: 'pem',
    type: 'pkcs8',
  });
  der.fill(0);
  try {
    return await readCredentials(String(pem), row.chainPem, context.now());
  } catch (error) {
    if (!(error instanceof CredentialError)) throw error;
    // it passed when it was stored: what changed is the time (an expired certificate)
    throw new DomainError('CONFLICT', `The channel's C2PA certificate can no longer sign: ${error.message}`, {
      details: { c2pa_certificate: 'make or import a new one' },
    });
  }
}

export const noCertificate = (channelName: string): DomainError =>
  new DomainError('NOT_FOUND', `The channel "${channelName}" holds no C2PA certificate`, {
    details: { c2pa_certificate: 'make one (self-signed) or import one with its chain first' },
  });

async function store(
  context: DomainContext,
  channel: ChannelRow,
  { private_key_pem, chain_pem }: ImportC2paCertificate,
  origin: C2paCertificateRow['origin'],
): Promise<C2paCertificateInfo> {
  const { readCredentials, CredentialError } = await c2pa();
  let credentials: SigningCredentials;
  try {
    credentials = await readCredentials(private_key_pem, chain_pem, context.now());
  } catch (error) {
    if (!(error instanceof CredentialError)) throw error;
    throw invalid({ chain_pem: error.message }, `The certificate cannot sign C2PA manifests: ${error.message}`);
  }
  const der = credentials.privateKey.export({ format: 'der', type: 'pkcs8' });
  const row: C2paCertificateRow = {
    channelId: channel.id,
    chainPem: pemOf(credentials.chain),
    sealedKey: sealKey(context.keys.channelWrap, der, c2paSealContext(channel.id)),
    origin,
    createdAt: context.now().getTime(),
  };
  der.fill(0);
  await context.store.c2paCertificates.put(row);
  return infoOf(row);
}

async function infoOf(row: Omit<C2paCertificateRow, 'sealedKey'>): Promise<C2paCertificateInfo> {
  const { parseCertificates, signerOf } = await c2pa();
  const chain = parseCertificates(row.chainPem);
  const signer = signerOf(chain[0]);
  const { X509Certificate } = await import('node:crypto');
  const key = new X509Certificate(chain[0]).publicKey;
  return {
    channel_id: row.channelId,
    origin: row.origin,
    algorithm: key.asymmetricKeyType === 'ed25519' ? 'ed25519' : 'es256',
    signer: signer.name,
    organization: signer.organization ?? null,
    issuer: signer.issuer,
    not_before: signer.notBefore,
    not_after: signer.notAfter,
    chain_pem: row.chainPem,
    anchor_pem: pemOf(chain.slice(-1)),
    created_at: iso(row.createdAt),
  };
}

const pemOf = (chain: Uint8Array[]): string =>
  chain
    .map((der) => {
      const lines = Buffer.from(der)
        .toString('base64')
        .match(/.{1,64}/g)!
        .join('\n');
      return `-----BEGIN CERTIFICATE-----\n${lines}\n-----END CERTIFICATE-----\n`;
    })
    .join('');

export interface C2paSignInput {
  text: string;
  /** an action after c2pa.created: published, edited, translated, summarized */
  action?: string;
  sourceType?: string;
  title?: string;
}

/**
 * The text signed with the certificate of `channelId` (an API token's channel). A token without a channel, a channel
 * without a certificate and a text that already carries a manifest are refused (VALIDATION), before anything is
 * charged. `generator`: the software the manifest names (wm and its version).
 */
export async function signWithChannel(
  context: DomainContext,
  channelId: string | null,
  input: C2paSignInput,
  generator: { name: string; version: string },
): Promise<C2paSigned> {
  const credentials = channelId === null ? undefined : await c2paCredentialsOf(context, channelId);
  if (!credentials) {
    const problem =
      channelId === null
        ? 'this API token has no channel: use a token of a channel that holds a C2PA certificate'
        : "the API token's channel holds no C2PA certificate: make or import one first";
    throw invalid({ c2pa_certificate: problem }, `Cannot sign with C2PA: ${problem}`);
  }
  const { signText, C2paSignError, ACTIONS, SOURCE_TYPES } = await c2pa();
  const action = input.action === undefined ? undefined : (`c2pa.${input.action}` as const);
  const sourceType = input.sourceType ?? 'digitalCreation';
  requireValid({
    action: action === undefined || (ACTIONS as readonly string[]).includes(action) ? undefined : 'unknown action',
    source_type: (SOURCE_TYPES as readonly string[]).includes(sourceType) ? undefined : 'unknown source type',
  });
  try {
    return c2paSignedAnswer(
      signText(input.text, {
        credentials,
        generator,
        sourceType: sourceType as (typeof SOURCE_TYPES)[number],
        actions: action === undefined ? [] : [action as (typeof ACTIONS)[number]],
        ...(input.title === undefined ? {} : { title: input.title }),
        now: context.now(),
      }),
    );
  } catch (error) {
    if (!(error instanceof C2paSignError)) throw error;
    throw invalid({ text: error.message }, error.message);
  }
}
