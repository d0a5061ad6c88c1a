import type { ComponentChildren } from 'preact';
import { CopyButton } from '../app/ui/copy-button.js';
import { downloadText } from './text-file.js';

/** Copy and download buttons for a text the checker made. */
export function ResultActions({ text, fileName, what }: { text: string; fileName: string; what: string }) {
  return (
    <div class="actions">
      <CopyButton text={() => text} label={`Copy ${what}`} />
      <button type="button" class="button" onClick={() => downloadText(text, fileName)}>
        Download {fileName}
      </button>
    </div>
  );
}

interface MadeTextProps {
  /** the prefix of the card's ids: `${id}-title`, `${id}-summary`, `${id}-text` */
  id: string;
  title: string;
  text: string;
  fileName: string;
  what: string;
  onCheck: (text: string) => void;
  /** what was done, said in the card's status line */
  children: ComponentChildren;
}

/** A text the checker made (marked, signed): what was done, the text, copy, download, and "Check it". */
export function MadeText({ id, title, text, fileName, what, onCheck, children }: MadeTextProps) {
  return (
    <section class="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p role="status" id={`${id}-summary`}>
        {children}
      </p>
      <label class="label" for={`${id}-text`}>
        {title}
      </label>
      <textarea id={`${id}-text`} readOnly rows={6} value={text} />
      <div class="actions">
        <ResultActions text={text} fileName={fileName} what={what} />
        <button type="button" class="button" onClick={() => onCheck(text)}>
          Check it
        </button>
      </div>
    </section>
  );
}
