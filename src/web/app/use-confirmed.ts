import { useState } from 'preact/hooks';
import { messageOf } from './use-load.js';

export interface Confirmed {
  busy: boolean;
  error: string | null;
  /** runs the request, then `onDone`; a failure stays in the dialog as `error` */
  confirm: () => Promise<void>;
}

/** The request behind a confirmation dialog's button. */
export function useConfirmed(request: () => Promise<unknown>, onDone: () => void): Confirmed {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    try {
      await request();
      onDone();
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(false);
    }
  };
  return { busy, error, confirm };
}
