import { useState } from 'preact/hooks';
import { ApiError } from './api.js';

export interface FormState {
  busy: boolean;
  /** a message for the whole form */
  error: string | null;
  /** messages per API field name, from the error's `details` */
  fields: Record<string, string>;
  /**
   * Runs the submission; API errors land in `error` and `fields`. `check` finds what the server would refuse
   * anyway (a required field left empty): then nothing is sent and its messages are shown the same way.
   */
  submit: (event: Event, action: () => Promise<void>, check?: () => Problems) => Promise<void>;
  reset: () => void;
}

/** Messages by field name; an undefined message is no problem. */
export type Problems = Record<string, string | undefined>;

/** "permissions[0]" and "permissions" both name the permissions field. */
const fieldName = (name: string): string => name.split(/[.[]/)[0];

/** `shownFields`: the API field names this form draws an error next to; the rest become the form's message. */
export function useForm(shownFields: string[]): FormState {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const submit = async (event: Event, action: () => Promise<void>, check?: () => Problems) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    const problems = Object.fromEntries(
      Object.entries(check?.() ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    setFields(problems);
    if (Object.keys(problems).length > 0) {
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    try {
      await action();
    } catch (failure) {
      if (failure instanceof ApiError) {
        const named = Object.fromEntries(
          Object.entries(failure.fields)
            .map(([name, message]) => [fieldName(name), message] as const)
            .filter(([name]) => shownFields.includes(name)),
        );
        const shown = Object.keys(named).length > 0;
        setFields(named);
        // every problem shows somewhere: next to its field, or for the whole form
        setError(shown && Object.keys(named).length === Object.keys(failure.fields).length ? null : failure.message);
        if (shown) focusFirstInvalid();
      } else {
        setError('Something went wrong. Please try again.');
      }
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, fields, submit, reset: () => (setError(null), setFields({})) };
}

/** After the error messages are drawn, the first field they name gets the focus. */
function focusFirstInvalid(): void {
  requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
