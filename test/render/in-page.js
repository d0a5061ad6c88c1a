// Runs inside Chromium (added with page.addScriptTag): lays out boxes, reads the browser's copy, finds graphemes.
globalThis.wmRender = {
  /** Replaces the page's boxes; returns each box's [x, y, width, height] in CSS pixels. */
  layout(boxes) {
    document.body.replaceChildren(
      ...boxes.map(({ text, font, width }) => {
        const box = document.createElement('div');
        box.className = 'box';
        box.style.fontFamily = font;
        if (width) box.style.width = `${width}px`;
        box.textContent = text;
        return box;
      }),
    );
    return this.rects();
  },

  /** Each box's [x, y, width, height] in CSS pixels. */
  rects() {
    return [...document.body.children].map((box) => {
      const rect = box.getBoundingClientRect();
      return [rect.x + window.scrollX, rect.y + window.scrollY, rect.width, rect.height];
    });
  },

  /**
   * Lays the boxes out for a screenshot, once the fonts are ready, keeping those that end within `maxHeight` of the
   * first's top (the first two at least): each kept box's rectangle and copy (all in one call: a round trip a box
   * was a fifth of the render check's time).
   */
  async forCapture(boxes, maxHeight) {
    this.layout(boxes);
    await document.fonts.ready;
    const rects = this.rects();
    const beyond = rects.findIndex(([, y, , height]) => y + height - rects[0][1] > maxHeight);
    const kept = beyond === -1 ? rects.length : Math.max(beyond, 2);
    while (document.body.children.length > kept) document.body.lastChild.remove();
    return { rects: rects.slice(0, kept), copied: rects.slice(0, kept).map((_, i) => this.copy(i)) };
  },

  /** What a reader copying the whole box gets: the selection's text. */
  copy(index) {
    const selection = window.getSelection();
    const range = document.createRange();
    range.selectNodeContents(document.body.children[index]);
    selection.removeAllRanges();
    selection.addRange(range);
    const copied = selection.toString();
    selection.removeAllRanges();
    return copied;
  },

  /** The grapheme (index and text) of box `index` drawn over the page point (x, y), or null. */
  graphemeAt(index, x, y) {
    const node = document.body.children[index].firstChild;
    const segments = new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(node.data);
    let count = 0;
    for (const { segment, index: offset } of segments) {
      const range = document.createRange();
      range.setStart(node, offset);
      range.setEnd(node, offset + segment.length);
      for (const rect of range.getClientRects()) {
        const left = rect.left + window.scrollX;
        const top = rect.top + window.scrollY;
        if (x >= left && x < left + rect.width + 1 && y >= top && y < top + rect.height)
          return { grapheme: count, segment };
      }
      count++;
    }
    return null;
  },
};
