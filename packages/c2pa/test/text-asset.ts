import type { Asset } from '@trustnxt/c2pa-ts/asset';
import { c2paManifestStore, c2paWrapperText, c2paWrapperUtf8Length, findC2paWrappers } from 'wm-watermark-codec/c2pa';

/**
 * A text as an asset of @trustnxt/c2pa-ts, which reads JPEG, PNG, BMFF and MP3 but no text: its bytes are the text's
 * UTF-8, its manifest the C2PA wrapper's store (A.8 framing, from the codec), its exclusion the wrapper's bytes. It
 * lets that library validate what wm writes and write manifests wm reads; every other check is the library's own.
 */
export class TextAsset implements Asset {
  readonly mimeType = 'text/plain';
  private bytes: Uint8Array;
  private reserved = 0;

  constructor(public text: string) {
    this.bytes = new TextEncoder().encode(text);
  }

  getDataLength(): number {
    return this.bytes.length;
  }

  async getDataRange(start = 0, length?: number): Promise<Uint8Array> {
    return this.bytes.subarray(start, length === undefined ? undefined : start + length);
  }

  getManifestJUMBF(): Uint8Array | undefined {
    const [wrapper] = findC2paWrappers(this.text);
    return (wrapper && c2paManifestStore(this.text, wrapper)) ?? undefined;
  }

  dumpInfo(): string {
    return `text, ${this.bytes.length} bytes`;
  }

  async ensureManifestSpace(length: number): Promise<void> {
    this.reserved = length;
  }

  /** The wrapper goes at the end of the text: it starts after its bytes and takes the padded length of the store. */
  getHashExclusionRange(): { start: number; length: number } {
    return { start: this.bytes.length, length: c2paWrapperUtf8Length(this.reserved) };
  }

  async writeManifestJUMBF(jumbf: Uint8Array): Promise<void> {
    if (jumbf.length !== this.reserved) throw new Error(`${jumbf.length} bytes written into ${this.reserved} reserved`);
    this.text += c2paWrapperText(jumbf);
    this.bytes = new TextEncoder().encode(this.text);
  }
}
