/**
 * Appends many small pieces in linear time and memory: pieces are joined in batches, so neither a rope of
 * millions of cons-strings nor an array of millions of parts is ever held.
 */
export class TextBuilder {
  private readonly batches: string[] = [];
  private pieces: string[] = [];

  append(piece: string): void {
    this.pieces.push(piece);
    if (this.pieces.length === 4096) {
      this.batches.push(this.pieces.join(''));
      this.pieces = [];
    }
  }

  toString(): string {
    return this.batches.join('') + this.pieces.join('');
  }
}
