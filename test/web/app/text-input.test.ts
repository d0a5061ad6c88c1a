// @vitest-environment jsdom
import { h, render } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TextInput } from '../../../src/web/checker/text-input.js';

// The text field of the checker and of the Copies page: a file chosen with its button fills the text, and the page
// learns the file's name (the Copies page names the document after it when no name was typed).

afterEach(() => {
  document.body.replaceChildren();
});

function shown(props: Partial<Parameters<typeof TextInput>[0]> = {}) {
  const root = document.createElement('div');
  document.body.append(root);
  const onValue = vi.fn();
  const onFile = vi.fn();
  render(h(TextInput, { id: 'doc', label: 'Document', value: '', onValue, onFile, ...props }), root);
  return { root, onValue, onFile };
}

describe('TextInput', () => {
  it('reads a chosen file into the text and tells the page its name', async () => {
    const { root, onValue, onFile } = shown();
    const input = root.querySelector<HTMLInputElement>('input[type="file"]')!;
    Object.defineProperty(input, 'files', { value: [new File(['Dear reader'], 'letter.txt')], configurable: true });
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await vi.waitFor(() => expect(onFile).toHaveBeenCalledWith('letter.txt'));
    expect(onValue).toHaveBeenCalledWith('Dear reader');
  });

  it('says what its caller says beside the file button, by default that nothing leaves the browser', () => {
    expect(shown().root.querySelector('.actions .hint')!.textContent).toBe(
      'or drop one here. Nothing leaves your browser.',
    );
    document.body.replaceChildren();
    expect(shown({ fileNote: 'or drop one here.' }).root.querySelector('.actions .hint')!.textContent).toBe(
      'or drop one here.',
    );
  });
});
