import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt parameters of one hash, stored with it: `$scrypt$ln=17,r=8,p=1,norm=nfkc$<salt>$<hash>` (base64, no
 * padding). `norm` names the Unicode normalisation of the password that was hashed: NFKC since it exists; hashes
 * without it were made from the NFC form and are replaced at the next successful login (`needsRehash`).
 */
interface ScryptParams {
  ln: number;
  r: number;
  p: number;
}

type Normalisation = 'NFKC' | 'NFC';

const R = 8;
const P = 1;
const SALT_BYTES = 16;
const HASH_BYTES = 32;

/**
 * The form of a password that is hashed and checked against the policy: NFKC, as NIST SP 800-63B suggests, so
 * that the same passphrase typed with composed or decomposed accents, full-width or ligature letters matches.
 */
export function normalisePassword(password: string): string {
  return password.normalize('NFKC');
}

export async function hashPassword(password: string, ln: number): Promise<string> {
  const params = { ln, r: R, p: P };
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, 'NFKC', salt, params, HASH_BYTES);
  return `$scrypt$ln=${ln},r=${R},p=${P},norm=nfkc$${b64(salt)}$${b64(hash)}`;
}

export interface PasswordCheck {
  ok: boolean;
  /** the stored hash uses a lower cost than `ln` now requires, or the older NFC form: store a fresh hash */
  needsRehash: boolean;
}

export async function verifyPassword(password: string, stored: string, ln: number): Promise<PasswordCheck> {
  const parsed = parse(stored);
  if (!parsed) return { ok: false, needsRehash: false };
  const actual = await derive(password, parsed.normalisation, parsed.salt, parsed.params, parsed.hash.length);
  const ok = timingSafeEqual(actual, parsed.hash);
  const weaker = parsed.params.ln < ln || parsed.params.r < R || parsed.params.p < P;
  return { ok, needsRehash: ok && (weaker || parsed.normalisation !== 'NFKC') };
}

/** The parts of a stored PHC string, or undefined when it is not one of ours. */
function parse(
  stored: string,
): { params: ScryptParams; normalisation: Normalisation; salt: Buffer; hash: Buffer } | undefined {
  const match = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)(,norm=nfkc)?\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(stored);
  if (!match) return undefined;
  const [, ln, r, p, nfkc, salt, hash] = match;
  return {
    params: { ln: Number(ln), r: Number(r), p: Number(p) },
    normalisation: nfkc ? 'NFKC' : 'NFC',
    salt: Buffer.from(salt, 'base64'),
    hash: Buffer.from(hash, 'base64'),
  };
}

function derive(
  password: string,
  normalisation: Normalisation,
  salt: Buffer,
  params: ScryptParams,
  length: number,
): Promise<Buffer> {
  const N = 2 ** params.ln;
  const options: ScryptOptions = {
    N,
    r: params.r,
    p: params.p,
    // scrypt needs 128·N·r·p bytes; Node's 32 MiB default refuses OWASP's cost, so allow twice the need
    maxmem: Math.max(32 * 1024 * 1024, 2 * 128 * N * params.r * params.p),
  };
  const input = Buffer.from(normalisation === 'NFKC' ? normalisePassword(password) : password.normalize('NFC'), 'utf8');
  return new Promise((resolve, reject) => {
    scrypt(input, salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');
