export { encodeRobust } from './encode.js';
export { decodeRobust } from './decode.js';
