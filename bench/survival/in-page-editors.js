// Runs inside Chromium (page.addScriptTag, after quill.js): the editors the survival report pastes into, and the
// text a browser shows for Markdown's HTML.
globalThis.wmEditors = {
  /** A box showing `text` (selected, so that the next Ctrl+C copies it) and an empty editor below it. */
  prepare(text, editor) {
    const source = document.createElement('div');
    source.className = 'box';
    source.textContent = text;
    const target = document.createElement('div');
    document.body.replaceChildren(source, target);
    if (editor === 'quill') globalThis.wmQuill = new globalThis.Quill(target);
    else target.contentEditable = 'true';
    const range = document.createRange();
    range.selectNodeContents(source);
    window.getSelection().removeAllRanges();
    window.getSelection().addRange(range);
  },

  focus(editor) {
    const target = document.body.children[1];
    (editor === 'quill' ? target.querySelector('.ql-editor') : target).focus();
  },

  /** The editor's text: Quill's getText(), the contenteditable's innerText. */
  read(editor) {
    return editor === 'quill' ? globalThis.wmQuill.getText() : document.body.children[1].innerText;
  },

  /** The text of rendered HTML as the page shows it (innerText). */
  shownText(html) {
    const box = document.createElement('div');
    box.innerHTML = html;
    document.body.replaceChildren(box);
    return box.innerText;
  },
};
