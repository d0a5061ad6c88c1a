import { verify, type VerifyResult, type VerifyStatus } from '../../codec/verify.js';
import { CliError, EXIT } from '../errors.js';
import { formatJson } from './format.js';
import { readInputText, writeOutput } from './io.js';
import { resolveKey } from './key.js';
import { describeSignature } from './signature-note.js';
import { resolveVerifyingKeys } from './signing-keys.js';

export interface VerifyCommandOptions {
  keys: string[];
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

function formatReport(result: VerifyResult, keyGiven: boolean): string {
  const encrypted = keyGiven
    ? '(encrypted with another key than --key-file)'
    : '(encrypted: give --key-file to read it)';
  return result.marks
    .map((mark) => {
      const secret = mark.decoded === null ? encrypted : JSON.stringify(mark.decoded);
      return `${mark.mode === 'robust' ? 'robust mark' : 'mark'} ${secret}: ${describeSignature(mark.signature)}\n`;
    })
    .join('');
}

export async function runVerify(file: string | undefined, options: VerifyCommandOptions): Promise<void> {
  const keys = await resolveVerifyingKeys(options);
  const key = await resolveKey({ keyFile: options.keyFile });
  const result = verify(await readInputText(file), { keys, key });
  await writeOutput(options.json ? formatJson(result) : formatReport(result, key !== undefined), options.out);
  if (result.status !== 'valid') throw new CliError(VERDICT_EXIT[result.status], VERDICT_MESSAGE[result.status]);
}
