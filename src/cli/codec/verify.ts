import { isCodecError } from 'wm-watermark-codec/errors';
import { verify, type VerifyResult, type VerifyStatus } from 'wm-watermark-codec/verify';
import { CliError, EXIT } from '../errors.js';
import { stdoutIsTerminal } from '../stdout.js';
import { forStream } from '../terminal-text.js';
import { formatJson } from './format.js';
import { readInputText, writeOutput } from './io.js';
import { resolveKey } from './key.js';
import { describeSignature } from './signature-note.js';
import type { FileKey } from './file-key.js';
import { resolveVerifyingKeys } from './signing-keys.js';
import { c2paVerdictOf } from './verify-c2pa.js';

export interface VerifyCommandOptions {
  keys?: string[];
  insecure?: boolean;
  /** trust anchors (PEM certificates) for a C2PA manifest */
  trust?: string[];
  keyFile?: string;
  json?: boolean;
  out?: string;
}

/** The documented exit code of each verdict (`wm verify --help`, docs/CLI.md). */
const VERDICT_EXIT: Record<VerifyStatus, number> = {
  valid: EXIT.OK,
  unsigned: EXIT.NOT_SIGNED,
  invalid: EXIT.SIGNATURE_INVALID,
  unknown_key: EXIT.UNKNOWN_SIGNER,
  text_changed: EXIT.TEXT_CHANGED,
};

const VERDICT_MESSAGE: Record<Exclude<VerifyStatus, 'valid'>, string> = {
  unsigned: 'the watermark is not signed',
  invalid: 'a signature does not verify: the mark was forged or altered',
  unknown_key: 'signed by a key that is not among --keys',
  text_changed: 'the signature is valid, but the text it binds was edited',
};

/** Where a signer's key came from: the file, and whose key set it is (issuer and account), as far as it says. */
export interface KeySource {
  file: string;
  issuer: string | null;
  account: string | null;
}

type Sources = ReadonlyMap<string, KeySource>;

const sourceOf = (sources: Sources, keyId: string | null): KeySource | null =>
  (keyId !== null && sources.get(keyId)) || null;

function describeSource(source: KeySource | null): string | undefined {
  if (!source) return undefined;
  const account = source.account ? `account ${source.account}, ` : '';
  return source.issuer ? `${account}key set of ${source.issuer} in ${source.file}` : `${account}from ${source.file}`;
}

function formatReport(result: VerifyResult, keyGiven: boolean, sources: Sources): string {
  const encrypted = keyGiven
    ? '(encrypted with another key than --key-file)'
    : '(encrypted: give --key-file to read it)';
  return result.marks
    .map((mark) => {
      const secret = mark.decoded === null ? encrypted : JSON.stringify(mark.decoded);
      const source = describeSource(sourceOf(sources, mark.signature.key_id));
      const kind = mark.mode === 'robust' ? 'robust mark' : 'mark';
      return `${kind} ${secret}: ${describeSignature(mark.signature, source)}\n`;
    })
    .join('');
}

/** --json: each mark also says where its signer's key came from (`key_source`, null when unknown). */
const withSources = (result: VerifyResult, sources: Sources) => ({
  ...result,
  marks: result.marks.map((mark) => ({ ...mark, key_source: sourceOf(sources, mark.signature.key_id) })),
});

const sourcesOf = (keys: readonly FileKey[]): Sources =>
  new Map(
    keys.map((key) => [key.keyId!, { file: key.file, issuer: key.issuer ?? null, account: key.account ?? null }]),
  );

/** Without --keys (and no C2PA manifest) there is nothing to verify with: where a reader gets a signer's keys. */
const NO_KEYS =
  'verify needs the public keys of the signers you trust: --keys https://SERVER/.well-known/wm-keys.json (the key ' +
  'set a wm server publishes), --keys wm-keys.json (one saved or made with wm keys export), or --keys NAME.pub ' +
  '(beside a key made with wm keygen --sign)';

export async function runVerify(file: string | undefined, options: VerifyCommandOptions): Promise<void> {
  const keys = await resolveVerifyingKeys(options);
  const key = await resolveKey({ keyFile: options.keyFile });
  const text = await readInputText(file);
  const c2pa = await c2paVerdictOf(text, options.trust);
  if (c2pa === null && !options.keys?.length) throw new CliError(EXIT.USAGE, NO_KEYS);
  // a text whose only signature is its C2PA manifest has no wm watermark to verify
  const result = c2pa === null ? verify(text, { keys, key }) : verifyMarksBeside(text, { keys, key });
  const sources = sourcesOf(keys);
  const report = () => formatReport(result, key !== undefined, sources) + (c2pa?.report ?? '');
  const json = { ...withSources(result, sources), ...(c2pa ? { c2pa: c2pa.verification } : {}) };
  const written = options.json
    ? formatJson(json)
    : options.out
      ? report()
      : forStream({ isTTY: stdoutIsTerminal() }, report());
  await writeOutput(written, options.out);
  if (c2pa && c2pa.exitCode !== EXIT.OK) throw new CliError(c2pa.exitCode, c2pa.message!);
  // beside a C2PA manifest, unsigned wm marks are no failure: the manifest is the text's signature
  if (result.status !== 'valid' && !(c2pa && result.status === 'unsigned')) {
    throw new CliError(VERDICT_EXIT[result.status], VERDICT_MESSAGE[result.status]);
  }
}

/** The wm marks' verdict beside a C2PA manifest: none at all is an empty, unsigned result, not a failure. */
function verifyMarksBeside(text: string, options: Parameters<typeof verify>[1]): VerifyResult {
  try {
    return verify(text, options);
  } catch (error) {
    if (isCodecError(error) && error.code === 'NO_WATERMARK') return { status: 'unsigned', marks: [] };
    throw error;
  }
}
