import { C2paSignError, CredentialError, readCredentials, signText, type FollowingAction } from 'wm-watermark-c2pa';
import { c2paSignedAnswer } from '../../domain/c2pa-signed.js';
import { VERSION } from '../../version.js';
import { CliError, EXIT } from '../errors.js';
import { formatJson } from '../codec/format.js';
import { writeOutput } from '../codec/io.js';
import { rowCommandInputOf } from '../codec/operation-input.js';
import { ROW_COMMANDS } from '../codec/options.generated.js';
import { runsRemotely, type RemoteOptions } from '../remote/options.js';
import { readPemFile } from './pem-files.js';

export interface C2paSignOptions extends RemoteOptions {
  key?: string;
  cert?: string;
  /** the actions after c2pa.created, as the row names them (published…): checked by the flag's parser */
  action?: string[];
  out?: string;
  json?: boolean;
}

/**
 * `wm c2pa sign [FILE]`, made from the c2pa_sign row: its input is the row's (the text, --source-type, --title, one
 * --action); offline it is signed here with --key and --cert, which a server replaces with its channel's
 * certificate, and any number of --action.
 */
export async function runC2paSign(file: string | undefined, given: Record<string, unknown>): Promise<void> {
  const options = given as C2paSignOptions;
  const spec = ROW_COMMANDS.c2pa_sign;
  if (!spec) throw new Error('c2pa_sign has no command');
  const actions = options.action ?? [];
  if (runsRemotely(options)) {
    if (options.key !== undefined || options.cert !== undefined)
      throw new CliError(
        EXIT.USAGE,
        "--key and --cert sign offline; on a server, the token's channel's certificate signs",
      );
    if (actions.length > 1)
      throw new CliError(EXIT.USAGE, 'a server declares one --action after c2pa.created; sign offline for more');
    const { serverBackendFor } = await import('../codec/on-server.js');
    const backend = (await serverBackendFor(options))!;
    const input = await rowCommandInputOf<'c2pa_sign'>(spec, file, options);
    const action = actions[0] as (typeof input)['action'];
    return writeResult(await backend.run('c2pa_sign', { ...input, ...(action && { action }) }), options);
  }
  if (options.key === undefined || options.cert === undefined)
    throw new CliError(EXIT.USAGE, 'give --key and --cert (or --server: sign with a channel’s certificate there)');
  const { text, sourceType, title } = await rowCommandInputOf<'c2pa_sign'>(spec, file, options);
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
      sourceType: sourceType ?? 'digitalCreation',
      actions: actions.map((name) => `c2pa.${name}` as FollowingAction),
      ...(title !== undefined ? { title } : {}),
    });
  } catch (error) {
    if (error instanceof C2paSignError) throw new CliError(EXIT.USAGE, error.message);
    throw error;
  }
  await writeResult(c2paSignedAnswer(signed), options);
}

async function writeResult<R extends { text: string }>(result: R, options: C2paSignOptions): Promise<void> {
  await writeOutput(options.json ? formatJson(result) : result.text, options.out);
}
