/** Characters as a person counts them: code points (a mark above U+FFFF is one character, two UTF-16 units). */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}
