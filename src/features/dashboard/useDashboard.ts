import { useCallback, useEffect, useRef, useState } from 'react';
import { type DashboardFigures, terminalStatusEvent } from '../../../domain/dashboard';
import { withLiveConnection } from '../editMode/liveConnectionStore';
import { fetchDashboard } from './dashboardApi';

/** Changes that move a figure of the dashboard (the hub's `event`s of the company). */
export const dashboardResources = new Set([
  'wmsOrder',
  'wmsDocument',
  'wmsDocumentPosition',
  'stock',
  'product',
  terminalStatusEvent,
]);

/** Several changes in a burst (a confirmation writes many rows) make one refresh. */
const settleMs = 400;
/** The devices' data ages move on even when nothing changes. */
const refreshEveryMs = 60_000;

export interface DashboardState {
  readonly figures: DashboardFigures | null;
  readonly error: unknown;
  /** When the figures shown were read (ms). */
  readonly at: number | null;
}

/**
 * The dashboard's figures, live: read once, again whenever the live connection tells of a change that moves a
 * figure (a picker confirming a line, a terminal reporting), and every minute.
 */
export const useDashboard = (): DashboardState => {
  const [state, setState] = useState<DashboardState>({ figures: null, error: null, at: null });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const load = useCallback((silent: boolean) => {
    fetchDashboard(silent).then(
      (figures) => setState({ figures, error: null, at: Date.now() }),
      (error: unknown) => setState((s) => ({ ...s, error })),
    );
  }, []);

  useEffect(() => {
    load(false);
    const soon = () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => load(true), settleMs);
    };
    const stop = withLiveConnection((connection) => {
      const off = connection.onDataChange((change) => {
        if (dashboardResources.has(change.resourceType)) soon();
      });
      const reconnected = connection.state$.subscribe((s) => {
        if (s === 'connected') soon();
      });
      return () => {
        off();
        reconnected.unsubscribe();
      };
    });
    const every = setInterval(() => load(true), refreshEveryMs);
    return () => {
      stop();
      clearInterval(every);
      clearTimeout(timer.current);
    };
  }, [load]);

  return state;
};
