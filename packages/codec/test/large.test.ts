import { expect, test } from 'vitest';
import { analyze } from 'wm-watermark-codec/analyze';
import { decode } from 'wm-watermark-codec/decode';
import { encode } from 'wm-watermark-codec/encode';
import { strip } from 'wm-watermark-codec/strip';

// Not a timing test: a quadratic step would make these 16 MB inputs run for minutes and hit the test timeout.
test('16 MB texts encode, decode, strip and analyze in linear time', () => {
  const line = 'The quick brown fox jumps over the lazy dog. Naïve café — I ❤️ NY 👨‍👩‍👧 日本語のテキスト 1️⃣\n';
  const text = line.repeat(Math.ceil(16_000_000 / line.length));
  const secret = 'secret '.repeat(2000);
  const single = encode(text, secret, { method: 'single' }).encoded;
  expect(decode(single).decoded).toBe(secret);
  expect(strip(single)).toBe(text);
  expect(analyze(single).variation_selectors).toBe(new TextEncoder().encode(secret).length + 8);
  const pattern = encode(text + 'the end marker', 'found', { method: 'pattern', pattern: 'marker' }).encoded;
  expect(decode(pattern).decoded).toBe('found');
  const word = encode('x'.repeat(16_000_000), 'one long word');
  expect(word.stats.method).toBe('char');
  expect(decode(word.encoded).decoded).toBe('one long word');
});
