import { useEffect, useRef } from 'react';
import type { Scan } from './scan';
import { subscribeWedge } from './wedgeListener';

export type { Scan, ScanSource } from './scan';

export interface UseScannerOptions {
  /** Listen only while true (default true), e.g. off while a dialog of the screen is open. */
  readonly enabled?: boolean;
}

/**
 * Calls `onScan` for every keyboard-wedge scan while the component is mounted. Bursts faster than
 * human typing (see WedgeDecoder and the scanner settings) become scans; what such a burst typed
 * into a focused text field is taken back. Ordinary typing is left alone. When several components
 * listen, the one mounted last gets the scan.
 */
export const useScanner = (onScan: (scan: Scan) => void, options?: UseScannerOptions): void => {
  const enabled = options?.enabled ?? true;
  const latest = useRef(onScan);
  useEffect(() => {
    latest.current = onScan;
  });
  useEffect(() => {
    if (!enabled) return;
    return subscribeWedge((code) => latest.current({ code, source: 'wedge' }));
  }, [enabled]);
};
