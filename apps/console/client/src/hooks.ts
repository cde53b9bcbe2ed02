import { useCallback, useEffect, useState } from 'react';

/** Loads data when the page opens (and on `reload`); `error` is true when the API could not answer. */
export function useLoad<T>(load: () => Promise<T | undefined>, deps: unknown[] = []) {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState(false);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && (setData(value), setError(false)),
      () => live && setError(true),
    );
    return () => {
      live = false;
    };
  }, [tick, ...deps]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, reload };
}
