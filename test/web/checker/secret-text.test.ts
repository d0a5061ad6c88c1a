import { expect, it } from 'vitest';
import { visibleSecret } from '../../../src/web/checker/secret-text.js';

it('shows the direction controls and controls of a decoded secret as tokens, and nothing else changes', () => {
  expect(visibleSecret('invoice\u202Efdp.exe')).toBe('invoice⟨U+202E⟩fdp.exe');
  expect(visibleSecret('a\u2066b\u2069c\u200Fd\u001b[2J')).toBe('a⟨U+2066⟩b⟨U+2069⟩c⟨U+200F⟩d⟨U+001B⟩[2J');
  expect(visibleSecret('Zoë 👩‍💻 مهرداد\nline two\tx')).toBe('Zoë 👩‍💻 مهرداد\nline two\tx');
});
