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
