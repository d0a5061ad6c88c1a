export type { FileKey } from 'wm-watermark-codec/key-set-check';
