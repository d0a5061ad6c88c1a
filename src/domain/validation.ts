import { invalid } from './errors.js';

/** Field rules shared by registration, profile updates and the admin CLI. Documented in docs/ACCOUNTS.md. */

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 1024;
const NAME_MAX = 100;
const EMAIL_MAX = 254;
const CHANNEL_NAME_MAX = 64;
const TOKEN_NAME_MAX = 100;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Returns a message when the field is wrong, undefined when it is fine. */
export function emailProblem(email: string): string | undefined {
  if (email.length === 0) return 'Email is required';
  if (email.length > EMAIL_MAX) return `Email must be at most ${EMAIL_MAX} characters`;
  // deliberately simple: one @, something on both sides, a dot in the domain, no spaces
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return 'Email is not a valid address';
  return undefined;
}

export function passwordProblem(password: string, email: string, username: string): string | undefined {
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

/** A display name (username, first/last name, channel or token name): trimmed, non-empty, no control characters. */
function nameProblem(label: string, value: string, max: number): string | undefined {
  if (value.length === 0) return `${label} must not be empty`;
  if ([...value].length > max) return `${label} must be at most ${max} characters`;
  if (/\p{Cc}/u.test(value)) return `${label} must not contain control characters`;
  return undefined;
}

export const usernameProblem = (value: string) => nameProblem('Username', value, NAME_MAX);
export const personNameProblem = (label: string, value: string) => nameProblem(label, value, NAME_MAX);
export const channelNameProblem = (value: string) => nameProblem('Channel name', value, CHANNEL_NAME_MAX);
export const tokenNameProblem = (value: string) => nameProblem('Token name', value, TOKEN_NAME_MAX);

/** Throws one VALIDATION error listing every field that has a problem. */
export function requireValid(problems: Record<string, string | undefined>): void {
  const details = Object.fromEntries(
    Object.entries(problems).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  if (Object.keys(details).length > 0) throw invalid(details, Object.values(details).join('; '));
}
