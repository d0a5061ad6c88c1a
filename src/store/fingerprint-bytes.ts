/** A fingerprint's hashes as its stored blob: 4 bytes each, big-endian, in order. */
export function fingerprintBytes(hashes: Int32Array): Buffer {
  const bytes = Buffer.alloc(hashes.length * 4);
  hashes.forEach((hash, i) => bytes.writeInt32BE(hash, i * 4));
  return bytes;
}

/** The hashes of a stored fingerprint blob, in order (the inverse of fingerprintBytes). */
export function hashesOfFingerprintBytes(bytes: Uint8Array): Int32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Int32Array.from({ length: bytes.byteLength / 4 }, (_, i) => view.getInt32(i * 4));
}
