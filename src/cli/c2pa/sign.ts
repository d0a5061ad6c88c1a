import {
  ACTIONS,
  C2paSignError,
  CredentialError,
  readCredentials,
  signText,
  SOURCE_TYPES,
  type FollowingAction,
  type SourceType,
} from 'wm-watermark-c2pa';
import { VERSION } from '../../version.js';
import { CliError, EXIT } from '../errors.js';
import { formatJson } from '../codec/format.js';
import { readInputText, writeOutput } from '../codec/io.js';
import { readPemFile } from './pem-files.js';

export interface C2paSignOptions {
  key: string;
  cert: string;
  action?: string[];
  sourceType: string;
  title?: string;
  out?: string;
  json?: boolean;
}

export async function runC2paSign(file: string | undefined, options: C2paSignOptions): Promise<void> {
  const actions = (options.action ?? []).map(actionOf);
  const sourceType = options.sourceType as SourceType;
  if (!SOURCE_TYPES.includes(sourceType)) {
    throw new CliError(EXIT.USAGE, `--source-type ${options.sourceType}: give one of ${SOURCE_TYPES.join(', ')}`);
  }
  const text = await readInputText(file);
  let credentials;
  try {
    credentials = await readCredentials(
      await readPemFile(options.key, '--key'),
      await readPemFile(options.cert, '--cert'),
    );
  } catch (error) {
    if (error instanceof CredentialError)
      throw new CliError(EXIT.USAGE, `${options.key}, ${options.cert}: ${error.message}`);
    throw error;
  }
  let signed;
  try {
    signed = signText(text, {
      credentials,
      generator: { name: 'wm', version: VERSION },
      sourceType,
      actions,
      ...(options.title !== undefined ? { title: options.title } : {}),
    });
  } catch (error) {
    if (error instanceof C2paSignError) throw new CliError(EXIT.USAGE, error.message);
    throw error;
  }
  const output = options.json
    ? formatJson({
        text: signed.text,
        manifest: signed.manifest,
        bytes: signed.bytes,
        soft_binding: signed.softBinding,
      })
    : signed.text;
  await writeOutput(output, options.out);
}

/** "published" or "c2pa.published" → c2pa.published */
function actionOf(name: string): FollowingAction {
  const action = (name.startsWith('c2pa.') ? name : `c2pa.${name}`) as FollowingAction;
  if (!ACTIONS.includes(action)) {
    const names = ACTIONS.map((known) => known.slice('c2pa.'.length)).join(', ');
    throw new CliError(EXIT.USAGE, `--action ${name}: give one of ${names} (c2pa.created is always the first)`);
  }
  return action;
}
