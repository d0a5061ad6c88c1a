import { invalid } from './errors.js';
import { COPIES_LIMITS } from './types.js';
import { normalisePassword } from './password-hash.js';

/** Field rules shared by registration, profile updates and the admin CLI. Documented in docs/ACCOUNTS.md. */

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 1024;
const NAME_MAX = 100;
const EMAIL_MAX = 254;
const CHANNEL_NAME_MAX = 64;
const TOKEN_NAME_MAX = 100;
const RECIPIENT_MAX = COPIES_LIMITS.recipient;
const DOCUMENT_NAME_MAX = COPIES_LIMITS.documentName;

/**
 * The longest value of each field, in characters (code points): the HTTP schemas refuse longer bodies with them
 * before any rule runs.
 */
export const FIELD_LIMITS = {
  email: EMAIL_MAX,
  password: PASSWORD_MAX,
  /** usernames, first and last names */
  name: NAME_MAX,
  channelName: CHANNEL_NAME_MAX,
  /** the name a channel's keys are published under */
  signerName: NAME_MAX,
  tokenName: TOKEN_NAME_MAX,
} as const;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Characters allowed before the @ (RFC 5322 dot-atom text; no quoted forms, no comments, no display names). */
const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/i;
/** A host name of two or more labels (IDN domains in their xn-- form); no trailing dot, no IP literal. */
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/**
 * The one email rule, for registration (HTTP) and `wm users create` alike: the plain `local@domain` form mail
 * providers hand out, ASCII only. Refused: display names and brackets (`a<ada@example.com>`), a trailing dot
 * (`ada@example.com.` would be a second account for the same mailbox), quoted local parts, IP literals.
 * Returns a message when the address is wrong, undefined when it is fine; give it the normalised address.
 */
export function emailProblem(email: string): string | undefined {
  if (email.length === 0) return 'Email is required';
  if (email.length > EMAIL_MAX) return `Email must be at most ${EMAIL_MAX} characters`;
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (at < 1 || local.length > 64 || !LOCAL_PART.test(local) || !DOMAIN.test(domain)) {
    return 'Email is not a valid address (the form name@example.org, without spaces, brackets or a trailing dot)';
  }
  return undefined;
}

/** The email rule as a predicate on what a client sent (HTTP schemas check `format: email` with it). */
export const isValidEmail = (email: string): boolean => emailProblem(normaliseEmail(email)) === undefined;

/**
 * A password that is not valid Unicode text: an unpaired surrogate has no UTF-8 form (it would be hashed as
 * U+FFFD, so "…\ud800" and "…\udfff" would be the same password). Checked wherever a password is taken.
 */
export function passwordEncodingProblem(label: string, password: string): string | undefined {
  if (!/\p{Cs}/u.test(password)) return undefined;
  return `${label} must be valid Unicode text (it contains an unpaired surrogate)`;
}

/** The policy for a new password, checked on the form that is hashed (NFKC). */
export function passwordProblem(rawPassword: string, email: string, username: string): string | undefined {
  const encoding = passwordEncodingProblem('Password', rawPassword);
  if (encoding) return encoding;
  const password = normalisePassword(rawPassword);
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters`;
  if (length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters`;
  const lowered = password.toLowerCase();
  if (lowered === email.toLowerCase() || lowered === username.trim().toLowerCase() || lowered === email.split('@')[0]) {
    return 'Password must not be your email address or username';
  }
  const classes = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{Ll}\p{Lu}\p{Nd}]/u].filter((c) => c.test(password)).length;
  if (classes < 2) {
    return 'Password must mix at least two of: lower-case letters, upper-case letters, digits, other characters';
  }
  return undefined;
}

/**
 * Refused in every name: control characters, line and paragraph separators, unpaired surrogates, and the
 * invisible format characters (bidi controls U+202A–U+202E and U+2066–U+2069, U+200B, U+2060–U+2064, U+FEFF,
 * tag characters, U+180E, …), which could reorder or hide text where the name is shown, e.g. in the verification
 * mail.
 */
const UNSAFE_IN_NAMES = /[\p{Cc}\p{Zl}\p{Zp}\p{Cs}\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
/** …except the joiners (Persian, Indic scripts, emoji sequences) and variation selectors (emoji, Mongolian). */
const NEEDED_INVISIBLES = /[\u200C\u200D\u180B-\u180D\u180F\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;
/**
 * Characters that look like a space, or like nothing, where a name is shown: every space but U+0020 (U+00A0,
 * U+2000–U+200A, U+3000, …), the braille blank U+2800, the Hangul fillers, and the blank musical symbols. A name
 * with one of them looks like another name (U+00A0 for a space), or hides that it is longer than it looks.
 */
const BLANK_LOOKING = /[\p{Zs}\u2800\u115F\u1160\u3164\uFFA0\u{1D159}\u{1D173}-\u{1D17A}]/u;

const codePointName = (character: string) =>
  `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** The first code point of `value` that a name must not contain, as "U+202E", or undefined. */
function unsafeCharacterOf(value: string): string | undefined {
  for (const character of value) {
    if (UNSAFE_IN_NAMES.test(character) && !NEEDED_INVISIBLES.test(character)) return codePointName(character);
  }
  return undefined;
}

function blankCharacterOf(value: string): string | undefined {
  for (const character of value) {
    if (character !== ' ' && BLANK_LOOKING.test(character)) return codePointName(character);
  }
  return undefined;
}

/**
 * A display name (username, first/last name, channel, signer or token name): trimmed, non-empty, nothing invisible,
 * no space but U+0020 and never two of them in a row.
 */
function nameProblem(label: string, value: string, max: number): string | undefined {
  if (value.length === 0) return `${label} must not be empty`;
  if ([...value].length > max) return `${label} must be at most ${max} characters`;
  const unsafe = unsafeCharacterOf(value);
  if (unsafe) return `${label} must not contain control, invisible or text-direction characters (found ${unsafe})`;
  const blank = blankCharacterOf(value);
  if (blank) return `${label} must not contain blank characters other than the plain space (found ${blank})`;
  if (value.includes('  ')) return `${label} must not contain two spaces in a row`;
  return undefined;
}

export const usernameProblem = (value: string) => nameProblem('Username', value, NAME_MAX);
export const personNameProblem = (label: string, value: string) => nameProblem(label, value, NAME_MAX);
export const channelNameProblem = (value: string) => nameProblem('Channel name', value, CHANNEL_NAME_MAX);
export const tokenNameProblem = (value: string) => nameProblem('Token name', value, TOKEN_NAME_MAX);
export const signerNameProblem = (value: string) => nameProblem('Signer name', value, NAME_MAX);
export const recipientProblem = (value: string) => nameProblem('Recipient', value, RECIPIENT_MAX);
export const documentNameProblem = (value: string) => nameProblem('Document name', value, DOCUMENT_NAME_MAX);

/** Throws one VALIDATION error listing every field that has a problem. */
export function requireValid(problems: Record<string, string | undefined>): void {
  const details = Object.fromEntries(
    Object.entries(problems).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  if (Object.keys(details).length > 0) throw invalid(details, Object.values(details).join('; '));
}
