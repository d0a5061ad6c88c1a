/**
 * Text from data (decoded secrets, file names, key-set names) shown on a terminal: the characters a terminal acts on
 * instead of showing — C0 and C1 controls (an escape sequence starts with ESC or CSI, U+009B, and can set the window
 * title, move the cursor or rewrite what was printed) and the bidi embeddings, overrides and isolates that reorder the
 * rest of a line — are shown as \uXXXX escapes. Output to a file or a pipe stays exact.
 */
const ACTIVE_IN_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
/** …and in a name, which is one line, line feed and tab too */
const ACTIVE_IN_NAMES = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const escaped = (character: string) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** A text of several lines (a secret): line feeds and tabs stay. */
export const escapeForTerminal = (text: string): string => text.replace(ACTIVE_IN_LINES, escaped);

/** A name that is shown within a line (a file, a signer): nothing in it may start a line or reorder one. */
export const escapeName = (name: string): string => name.replace(ACTIVE_IN_NAMES, escaped);

/** The text as a stream shows it: escaped when the stream is a terminal. */
export const forStream = (stream: { isTTY?: boolean }, text: string, escape = escapeForTerminal): string =>
  stream.isTTY === true ? escape(text) : text;
