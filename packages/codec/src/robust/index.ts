export { encodeRobust, encodeRobustInto } from './encode.js';
export type { TextSink } from './text-builder.js';
export { decodeRobust } from './decode.js';
