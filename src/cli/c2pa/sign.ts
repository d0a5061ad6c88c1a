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
import { c2paSignedAnswer } from '../../domain/c2pa-signed.js';
import { VERSION } from '../../version.js';
import { CliError, EXIT } from '../errors.js';
import { formatJson } from '../codec/format.js';
import { readInputText, writeOutput } from '../codec/io.js';
import { runsRemotely, type RemoteOptions } from '../remote/options.js';
import { readPemFile } from './pem-files.js';

export interface C2paSignOptions extends RemoteOptions {
  key?: string;
  cert?: string;
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
  if (runsRemotely(options)) return signOnServer(file, options, actions, sourceType);
  if (options.key === undefined || options.cert === undefined)
    throw new CliError(EXIT.USAGE, 'give --key and --cert (or --server: sign with a channel’s certificate there)');
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
  await writeResult(c2paSignedAnswer(signed), options);
}

/** The c2pa_sign operation on the server: the certificate of the token's channel signs. */
async function signOnServer(
  file: string | undefined,
  options: C2paSignOptions,
  actions: FollowingAction[],
  sourceType: SourceType,
): Promise<void> {
  if (options.key !== undefined || options.cert !== undefined)
    throw new CliError(
      EXIT.USAGE,
      "--key and --cert sign offline; on a server, the token's channel's certificate signs",
    );
  if (actions.length > 1)
    throw new CliError(EXIT.USAGE, 'a server declares one --action after c2pa.created; sign offline for more');
  const { serverBackendFor } = await import('../codec/on-server.js');
  const backend = (await serverBackendFor(options))!;
  const text = await readInputText(file);
  const action = actions[0]?.slice('c2pa.'.length) as 'published' | undefined;
  const result = await backend.run('c2pa_sign', {
    text,
    sourceType,
    ...(action === undefined ? {} : { action }),
    ...(options.title === undefined ? {} : { title: options.title }),
  });
  await writeResult(result, options);
}

async function writeResult<R extends { text: string }>(result: R, options: C2paSignOptions): Promise<void> {
  await writeOutput(options.json ? formatJson(result) : result.text, options.out);
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
