import { useState } from 'preact/hooks';

/** What a failed submission says: messages at the inputs it names, and one for the form if none of them says it. */
export interface Failure {
  fields?: Record<string, string>;
  message?: string;
}

/**
 * The state of a form the page submits: its result, its messages and whether it runs. A result and its messages
 * belong to the inputs that made them: `changed` wraps an input's setter so that any change drops them.
 */
export function useSubmission<R>(failureOf: (failure: unknown) => Failure) {
  const [result, setResult] = useState<R | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const forget = () => {
    setResult(null);
    setErrors({});
    setError(null);
  };
  const changed =
    <T>(setter: (value: T) => void) =>
    (value: T) => {
      setter(value);
      forget();
    };
  const submit = async (work: () => R | Promise<R>) => {
    forget();
    setBusy(true);
    try {
      setResult(await work());
    } catch (failure) {
      const { fields = {}, message } = failureOf(failure);
      setErrors(fields);
      setError(message ?? null);
    } finally {
      setBusy(false);
    }
  };
  return { result, errors, error, busy, changed, submit };
}
