import { useCallback, useEffect, useState } from 'preact/hooks';
import { ApiError } from './api.js';

export interface Loaded<T> {
  data: T | undefined;
  error: string | null;
  loading: boolean;
  reload: () => void;
}

/** Loads data for a page when it mounts (and on `reload`); the error is a sentence to show. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[] = []): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let current = true;
    setLoading(true);
    load().then(
      (value) => {
        if (!current) return;
        setData(value);
        setError(null);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!current) return;
        setError(messageOf(failure));
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [generation, ...deps]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { data, error, loading, reload };
}

export function messageOf(failure: unknown): string {
  if (failure instanceof ApiError) return failure.message;
  return 'Something went wrong. Please try again.';
}
