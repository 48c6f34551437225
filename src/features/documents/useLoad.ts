import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  /** The last answer (kept while a reload runs, so the screen does not flash). */
  readonly data: T | null;
  /** Why the last load failed (null after a success). */
  readonly error: unknown;
  /** Loads again (after an action changed the record). */
  readonly reload: () => void;
  /** Replaces the data with what an action returned (or changes it). */
  readonly set: Dispatch<SetStateAction<T | null>>;
}

/**
 * Loads something for a screen and loads it again when `key` changes or on `reload()`; answers of an older
 * load that arrive late are dropped. `load` may be a new closure each render: `key` decides when to load.
 */
export const useLoad = <T>(key: string, load: () => Promise<T>): Loaded<T> => {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [round, setRound] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: key and round decide when to load (see above)
  useEffect(() => {
    let current = true;
    loadRef.current().then(
      (result) => {
        if (!current) return;
        setData(result);
        setError(null);
      },
      (e: unknown) => current && setError(e ?? new Error('load failed')),
    );
    return () => {
      current = false;
    };
  }, [key, round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { data, error, reload, set: setData };
};
