import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';

/** What is pasted and why it cannot be used: typing again clears the reason. */
export function usePasted() {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onValue = (next: string) => {
    setValue(next);
    setError(null);
  };
  return { value, setError, clear: () => onValue(''), field: { value, error, onValue } };
}

/** A box to paste something into (a key set, a certificate), its hint, and why what was pasted cannot be used. */
export function PasteField(props: {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error: string | null;
  hint: ComponentChildren;
}) {
  const { id, error } = props;
  return (
    <>
      <label class="label" for={id}>
        {props.label}
      </label>
      <textarea
        id={id}
        rows={3}
        spellcheck={false}
        value={props.value}
        onInput={(event) => props.onValue(event.currentTarget.value)}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        aria-invalid={error ? 'true' : undefined}
      />
      <p class="hint" id={`${id}-hint`}>
        {props.hint}
      </p>
      {error && (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </>
  );
}
