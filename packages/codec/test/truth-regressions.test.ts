import { describe, expect, test } from 'vitest';
import { decode } from 'wm-watermark-codec/decode';
import { encode } from 'wm-watermark-codec/encode';
import { CodecError } from 'wm-watermark-codec/errors';
import { isVariationSelector } from 'wm-watermark-codec/selectors';

// The three reproductions of issue 30 ("A decode never lies"), as a new user made them: each decoded to a secret
// that was never embedded, exit 0. Now each is an honest failure, never a secret.

function outcomeOf(text: string): string {
  try {
    return `secret ${JSON.stringify(decode(text).decoded)}`;
  } catch (error) {
    if (error instanceof CodecError) return error.code;
    throw error;
  }
}

const isSelector = (point: string): boolean => isVariationSelector(point.codePointAt(0)!);

describe('issue 30: damage that once decoded to a secret never embedded', () => {
  test('quoting from inside a marked word: the marks of its first letter left at the start of the quote', () => {
    const { encoded } = encode('Please meet me at the north gate of the park at noon on Friday.', 'ACME-0001');
    const points = Array.from(encoded);
    const g = points.findIndex((point, i) => point === 'g' && isSelector(points[i + 1]));
    expect(g).toBeGreaterThan(0);
    // the quote starts right after the "g": its selectors come first (once read as the secret "_")
    const quote = points.slice(g + 1).join('');
    expect(outcomeOf(quote)).toBe('CORRUPTED');
    // and from the "ate" on, the marks of the "g" gone with it
    expect(outcomeOf(points.slice(points.indexOf('a', g)).join(''))).toMatch(/^(CORRUPTED|NO_WATERMARK)$/);
  });

  test('deleting the greeting line of a text marked with method single', () => {
    const { encoded } = encode('Dear team, thanks for the draft.\nIt looks good to me.\nBest, Ana', 'Order 100001', {
      method: 'single',
    });
    const withoutGreeting = encoded.slice(encoded.indexOf('\n') + 1);
    // once read as the secret "D"
    expect(outcomeOf(withoutGreeting)).toBe('CORRUPTED');
  });

  test('Chinese, the first selector of the run deleted', () => {
    const { encoded } = encode('东京的春天很美，游客很多。', 'ID-010049');
    const points = Array.from(encoded);
    points.splice(points.findIndex(isSelector), 1);
    // once read as the secret "\tID-010049n\r;|": the lost magic let the flags byte hide as an ideographic variant
    expect(outcomeOf(points.join(''))).toBe('CORRUPTED');
  });
});
