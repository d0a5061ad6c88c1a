/** A fingerprint's hashes as its stored blob: 4 bytes each, big-endian, in order. */
export function fingerprintBytes(hashes: Int32Array): Buffer {
  const bytes = Buffer.alloc(hashes.length * 4);
  hashes.forEach((hash, i) => bytes.writeInt32BE(hash, i * 4));
  return bytes;
}
