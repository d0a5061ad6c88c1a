/**
 * A decoded secret as the checker shows it: the characters that would act instead of show — bidi embeddings,
 * overrides and isolates, which reorder the secret (and the text after it), and controls — are drawn as visible
 * tokens (⟨U+202E⟩), so "‮fdp.exe" reads as what it is. The page also isolates the secret (<bdi>) from the text
 * around it.
 */
const ACTING = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export const visibleSecret = (secret: string): string =>
  secret.replace(ACTING, (character) => `⟨U+${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}⟩`);
