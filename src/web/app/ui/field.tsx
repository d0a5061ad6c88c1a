interface FieldProps {
  type?: 'text' | 'email' | 'password' | 'number';
  autocomplete?: string;
  required?: boolean;
  maxLength?: number;
  min?: number;
  spellcheck?: boolean;
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  hint?: string;
  error?: string;
}

/** A labelled input whose hint and error (from the API's `details`) are announced with it (aria-describedby). */
export function Field({ id, label, value, onValue, hint, error, type = 'text', ...input }: FieldProps) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        name={id}
        // preact's types tell input types apart; any of these takes the same attributes here (tsc needs the
        // assertion, which the linter's view of preact's types calls unnecessary)
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
        type={type as 'text'}
        value={value}
        onInput={(event) => onValue(event.currentTarget.value)}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={described}
        {...input}
      />
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
