import { computed, signal } from '@preact/signals';
import { isCodecError } from 'wm-watermark-codec/errors';
import { parsePublicKeys } from 'wm-watermark-codec/key-files';
import type { FileKey } from 'wm-watermark-codec/key-set-check';
import { API_PATHS } from '../../api/paths.js';

/**
 * The public keys the checker verifies signed marks with: this server's key set (/.well-known/wm-keys.json, loaded
 * once per page), and one more that the reader pastes or links. Each key carries where it came from (`file`), so a
 * verdict says whose key set vouched for the signer's name. Memory only, like everything the checker is given.
 */

export const THIS_SERVER = "this server's key set";
const PASTED = 'the pasted key set';
/** A key set larger than this is no key set a reader means (a server's holds a few kilobytes). */
const MAX_KEY_SET_BYTES = 2_000_000;

export type KeySetLoad =
  { state: 'loading' } | { state: 'loaded'; keys: FileKey[] } | { state: 'failed'; message: string };

export const serverKeySet = signal<KeySetLoad>({ state: 'loading' });
/** The reader's own key set: where it came from (an address, or pasted) and its keys. */
export const addedKeySet = signal<{ source: string; keys: FileKey[] } | null>(null);

/** Every key to verify with, this server's first. */
export const verifyingKeys = computed<FileKey[]>(() => [
  ...(serverKeySet.value.state === 'loaded' ? serverKeySet.value.keys : []),
  ...(addedKeySet.value?.keys ?? []),
]);

/** The keys of a key set (JSON) or one public key PEM, each labelled with where it came from. */
function keysOf(text: string, source: string): FileKey[] {
  return parsePublicKeys(text, source, 'the pasted key').map((key) => ({ ...key, file: source }));
}

/** A key set from an address, fetched by this browser: no credential, no referrer, nothing of the text. */
async function fetchKeySet(address: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(address, { credentials: 'omit', referrerPolicy: 'no-referrer', cache: 'no-cache' });
  } catch {
    throw new Error(
      `${address} could not be fetched: the address does not answer, or its server does not let other sites read ` +
        'it (CORS; wm servers do). Open it, and paste what it shows instead.',
    );
  }
  if (!response.ok) throw new Error(`${address} answered ${response.status}: no key set there.`);
  const text = await response.text();
  if (text.length > MAX_KEY_SET_BYTES) throw new Error(`${address} is too large to be a key set.`);
  return text;
}

let serverLoad: Promise<void> | null = null;

/** Loads this server's key set, once per page. */
export function loadServerKeySet(): Promise<void> {
  serverLoad ??= fetchKeySet(API_PATHS.keySet).then(
    (text) => {
      try {
        serverKeySet.value = { state: 'loaded', keys: keysOf(text, THIS_SERVER) };
      } catch (error) {
        serverKeySet.value = { state: 'failed', message: messageOf(error) };
      }
    },
    (error: unknown) => {
      serverKeySet.value = { state: 'failed', message: messageOf(error) };
    },
  );
  return serverLoad;
}

const messageOf = (error: unknown): string =>
  isCodecError(error) || error instanceof Error ? error.message : 'The key set could not be read.';

/**
 * Adds the key set the reader pasted (JSON, or one PEM public key) or linked (an HTTPS address), refused — with
 * the reason, to show — when it holds no key or when its signers could be taken for this server's (the codec's
 * rule, which `wm verify --keys` applies to its files).
 */
export async function addKeySet(input: string): Promise<string | null> {
  const given = input.trim();
  if (given === '') return 'Paste a key set, or the https:// address of one.';
  let keys: FileKey[];
  try {
    if (/^https?:\/\/\S+$/i.test(given)) {
      if (!/^https:/i.test(given)) {
        return 'Give an https:// address: a key set fetched over plain HTTP could be swapped on its way.';
      }
      keys = keysOf(await fetchKeySet(given), given);
    } else {
      keys = keysOf(given, PASTED);
    }
  } catch (error) {
    return messageOf(error);
  }
  if (keys.length === 0) return 'It holds no Ed25519 public key.';
  await loadServerKeySet();
  const server = serverKeySet.value.state === 'loaded' ? serverKeySet.value.keys : [];
  // the names' Unicode tables are loaded only now, when a second key set meets this server's
  const { ambiguityOf } = await import('wm-watermark-codec/key-set-check');
  const ambiguity = ambiguityOf([...server, ...keys]);
  if (ambiguity !== null) return `Not used: ${ambiguity}.`;
  addedKeySet.value = { source: keys[0].file, keys };
  return null;
}
