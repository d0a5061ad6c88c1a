import { unlink } from 'node:fs/promises';
import { newCredentials, type SigningAlgorithm } from 'wm-watermark-c2pa';
import { CliError, EXIT } from '../errors.js';
import { ioFailure, writeFileAtomic, writeNotice } from '../codec/io.js';

export interface C2paKeygenOptions {
  out: string;
  name?: string;
  alg: string;
  days: string;
  force?: boolean;
}

const ALGORITHMS: readonly SigningAlgorithm[] = ['es256', 'ed25519'];
const OWNER_ONLY = 0o600;

/** NAME.key → NAME.crt and NAME.root.crt */
export const certificatePathsOf = (keyPath: string) => {
  const base = keyPath.replace(/\.key$/, '');
  return { chain: `${base}.crt`, root: `${base}.root.crt` };
};

/** Writes the three files, or none: the key (0600) first, then the certificates. */
export async function runC2paKeygen(options: C2paKeygenOptions): Promise<void> {
  const algorithm = options.alg.toLowerCase() as SigningAlgorithm;
  if (!ALGORITHMS.includes(algorithm)) {
    throw new CliError(EXIT.USAGE, `--alg ${options.alg}: give es256 or ed25519`);
  }
  const days = Number(options.days);
  if (!Number.isInteger(days) || days < 1 || days > 36_500) {
    throw new CliError(EXIT.USAGE, `--days ${options.days}: give a whole number of days, 1 to 36500`);
  }
  if (/\.(crt|pem|pub)$/i.test(options.out)) {
    throw new CliError(EXIT.USAGE, `-o names the private key file: ${options.out} would hold it; give NAME.key`);
  }
  const paths = certificatePathsOf(options.out);
  const name = options.name ?? (options.out.split(/[\\/]/).pop() ?? options.out).replace(/\.key$/, '');
  if (name.trim() === '') throw new CliError(EXIT.USAGE, '--name: the signer needs a name');
  const made = await newCredentials({ algorithm, name, days });
  const written: string[] = [];
  try {
    for (const [path, content, mode] of [
      [options.out, made.privateKeyPem, OWNER_ONLY],
      [paths.chain, made.chainPem, 0o644],
      [paths.root, made.rootPem, 0o644],
    ] as const) {
      await write(path, content, mode, options.force === true);
      written.push(path);
    }
  } catch (error) {
    // no half set: a key without its certificate signs nothing, a new certificate beside an old key lies
    if (!options.force) await Promise.all(written.map((path) => unlink(path).catch(() => undefined)));
    throw error;
  }
  writeNotice(
    `wrote ${options.out} (the signing key: keep it private), ${paths.chain} (for wm c2pa sign --cert) and ` +
      `${paths.root} (the trust anchor: readers add it to trust "${name}")`,
  );
}

async function write(path: string, content: string, mode: number, replace: boolean): Promise<void> {
  try {
    await writeFileAtomic(path, content, { mode, replace });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new CliError(EXIT.USAGE, `${path} already exists; use --force to replace it`);
    }
    throw ioFailure('write', path, error);
  }
}
