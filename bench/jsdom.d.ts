// The part of jsdom's API the survival report uses. @types/jsdom is not installed on purpose: it references the DOM
// library, and vitest's optional types import jsdom, so it would give the whole project (Node code) the DOM's types.
declare module 'jsdom' {
  interface JsdomElement {
    textContent: string | null;
    parentElement: JsdomElement | null;
    closest(selectors: string): JsdomElement | null;
    querySelectorAll(selectors: string): ArrayLike<JsdomElement> & Iterable<JsdomElement>;
  }
  class JSDOM {
    constructor(html?: string);
    readonly window: { document: { body: JsdomElement } };
  }
}
