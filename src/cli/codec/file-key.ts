import type { VerifyingKey } from 'wm-watermark-codec/signing';

/** A key with the file it was read from. */
export interface FileKey extends VerifyingKey {
  file: string;
}
