import { madeOnce } from './made-once.js';

const strictDecoder = madeOnce(() => new TextDecoder('utf-8', { fatal: true }));

/** BYTES read as UTF-8; throws a TypeError when they are not UTF-8. */
export const strictUtf8Text = (bytes: Uint8Array): string => strictDecoder().decode(bytes);
