import { useState } from 'preact/hooks';
import { readTextFile } from './text-file.js';

interface TextInputProps {
  id: string;
  label: string;
  value: string;
  onValue: (text: string) => void;
  /** the name of a file read into it */
  onFile?: (name: string) => void;
  /** what the file button's line says beside it */
  fileNote?: string;
  hint?: string;
  error?: string;
  rows?: number;
}

/** A text area that also takes a dropped or chosen text file (read as UTF-8, byte order mark kept). */
export function TextInput({
  id,
  label,
  value,
  onValue,
  onFile,
  fileNote = 'or drop one here. Nothing leaves your browser.',
  hint,
  error,
  rows = 8,
}: TextInputProps) {
  const [over, setOver] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const load = async (file: File | undefined) => {
    if (!file) return;
    setFileError(null);
    try {
      onValue(await readTextFile(file));
      onFile?.(file.name);
    } catch {
      setFileError(`${file.name} could not be read.`);
    }
  };
  const shownError = error ?? fileError ?? undefined;
  const described = [hint ? `${id}-hint` : '', shownError ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div
      class={`field drop${over ? ' over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        void load(event.dataTransfer?.files[0]);
      }}
    >
      <label for={id}>{label}</label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        spellcheck={false}
        onInput={(event) => onValue(event.currentTarget.value)}
        aria-invalid={shownError ? 'true' : undefined}
        aria-describedby={described}
      />
      <div class="actions">
        <input
          id={`${id}-file`}
          class="visually-hidden"
          type="file"
          accept="text/*,.txt,.md,.csv,.json,.html"
          onChange={(event) => {
            void load(event.currentTarget.files?.[0]);
            event.currentTarget.value = '';
          }}
        />
        <label class="button small file-button" for={`${id}-file`}>
          Open a text file
        </label>
        <span class="hint">{fileNote}</span>
      </div>
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {shownError && (
        <p class="field-error" id={`${id}-error`}>
          {shownError}
        </p>
      )}
    </div>
  );
}
