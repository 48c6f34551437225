import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorCodeOf } from '../../resources/apiErrors';
import { isSharedEnd, type SharedEnd } from './SharedEndedPage';
import { type OpenedLink, sharedApi, sharedSession } from './sharedApi';

export type LinkState =
  | { readonly kind: 'opening' }
  | { readonly kind: 'none' }
  | { readonly kind: 'open'; readonly link: OpenedLink }
  | { readonly kind: 'ended'; readonly end: SharedEnd }
  | { readonly kind: 'failed'; readonly code: string };

/**
 * The link of a shared page: a `key` in the address is opened (that is the activation) and then dropped from the
 * address, so a reload goes on with the session of this tab instead of opening the link again.
 */
export const useOpenedLink = (): [LinkState, (end: SharedEnd) => void] => {
  const [params, setParams] = useSearchParams();
  const key = params.get('key');
  const [state, setState] = useState<LinkState>(() => {
    if (key) return { kind: 'opening' };
    const kept = sharedSession.read();
    return kept ? { kind: 'open', link: kept } : { kind: 'none' };
  });
  useEffect(() => {
    if (!key) return;
    let cancelled = false;
    sharedApi
      .open(key)
      .then((link) => {
        sharedSession.write(link);
        if (!cancelled) setState({ kind: 'open', link });
      })
      .catch((error: unknown) => {
        const code = errorCodeOf(error);
        if (!cancelled) setState(isSharedEnd(code) ? { kind: 'ended', end: code } : { kind: 'failed', code });
      })
      .finally(() => {
        const next = new URLSearchParams(params);
        next.delete('key');
        setParams(next, { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [key, params, setParams]);
  return [
    state,
    (end) => {
      sharedSession.clear();
      setState({ kind: 'ended', end });
    },
  ];
};
