import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { SourceCandidate } from '../../../domain/warehouse/bestSourceMaterial';
import { todayOf } from '../../../domain/warehouse/isoDate';
import { useSyncHandle } from '../../db/activeSync';
import { type ActionResult, recordDocumentLine, recordOrderLine, type TerminalPort } from './data/actions';
import { portOf } from './data/activePort';
import type { LineView } from './data/documentViews';
import type { FlowKind } from './data/flowKinds';
import { type LocationPick, resolveScan } from './data/resolveScan';
import { batchesAt } from './data/stockSuggestions';
import { signal } from './signal';
import {
  awaitsBatches,
  type BatchOption,
  batchesNeeded,
  batchesWithScan,
  type FlowEvent,
  type FlowState,
  flowReducer,
  initialFlow,
  lineDraftOf,
} from './terminalFlow';

/** The free batches at a location as the flow offers them. */
const batchOptions = (batches: readonly SourceCandidate[]): BatchOption[] =>
  batches.map((c) => ({
    serialNumber: c.key.serialNumber,
    prodDate: c.key.prodDate,
    expDate: c.key.expDate,
    container: c.key.container,
    available: c.available,
  }));

/** What the flow records a confirmed line on. */
export type FlowTarget =
  | { readonly mode: 'order'; readonly orderId: string }
  | {
      readonly mode: 'document';
      readonly documentId: string;
      /** Not created yet: the first confirmed line creates it (with this id). */
      readonly create: boolean;
      /** The document's lines, to find the one being redone. */
      readonly lines: readonly LineView[];
    };

export interface LineFlow {
  readonly state: FlowState;
  readonly dispatch: (event: FlowEvent) => void;
  readonly busy: boolean;
  readonly onScan: (code: string) => void;
  /** A location tapped in the suggestion: taken as if scanned. */
  readonly takeLocation: (location: LocationPick) => void;
  readonly confirmLine: () => Promise<void>;
  /** Runs an action with the running sync; sounds its outcome and shows a refusal. */
  readonly run: (action: (port: TerminalPort) => Promise<ActionResult>) => Promise<boolean>;
}

/**
 * The line flow of one screen: the pure flowReducer, scans resolved on the replica, the batches at the
 * scanned location (release, picking), and the confirmed line queued on the target — with a beep and a
 * vibration for every outcome.
 */
export const useLineFlow = (kind: FlowKind, target: FlowTarget): LineFlow => {
  const handle = useSyncHandle();
  const [state, dispatchRaw] = useReducer(flowReducer, kind, initialFlow);
  const [busy, setBusy] = useState(false);
  const latest = useRef(state);
  latest.current = state;
  const targetRef = useRef(target);
  targetRef.current = target;

  const dispatch = useCallback((event: FlowEvent) => {
    latest.current = flowReducer(latest.current, event);
    dispatchRaw(event);
  }, []);

  const onScan = useCallback(
    (code: string) => {
      if (!handle) return;
      const before = latest.current;
      const today = todayOf(Date.now());
      void handle.store
        .read(async (tx) => {
          const scan = await resolveScan(tx, code, { today });
          // The batches the scan makes known come in the same read, not in one of their own after a render.
          const wanted = batchesWithScan(before, scan);
          const batches = wanted
            ? { wanted, found: await batchesAt(tx, wanted.productId, wanted.locationId, today) }
            : null;
          return { scan, batches };
        })
        .then(({ scan, batches }) => {
          dispatch({ type: 'scanned', scan });
          if (batches && awaitsBatches(latest.current, batches.wanted))
            dispatch({ type: 'batchesLoaded', batches: batchOptions(batches.found) });
          signal(latest.current.feedback?.tone === 'error' ? 'error' : 'success');
        });
    },
    [handle, dispatch],
  );

  const takeLocation = useCallback(
    (location: LocationPick) =>
      dispatch({
        type: 'scanned',
        scan: { code: location.label, location, product: { kind: 'none', gs1Error: null }, container: null },
      }),
    [dispatch],
  );

  // Batches not read with the scan (a location tapped in the suggestion, a product kept for the next line).
  const needed = batchesNeeded(state);
  const locationId = needed?.locationId ?? null;
  const productId = needed?.productId ?? null;
  useEffect(() => {
    if (!handle || !locationId || !productId) return;
    let current = true;
    void handle.store
      .read((tx) => batchesAt(tx, productId, locationId))
      .then((batches) => {
        if (!current) return;
        dispatch({ type: 'batchesLoaded', batches: batchOptions(batches) });
        if (latest.current.feedback?.tone === 'error') signal('error');
      });
    return () => {
      current = false;
    };
  }, [handle, locationId, productId, dispatch]);

  const run = useCallback(
    async (action: (port: TerminalPort) => Promise<ActionResult>): Promise<boolean> => {
      if (!handle) return false;
      setBusy(true);
      try {
        const result = await action(portOf(handle));
        if (!result.ok) {
          dispatch({ type: 'refused', refusal: result.refusal });
          signal('error');
          return false;
        }
        signal('success');
        return true;
      } finally {
        setBusy(false);
      }
    },
    [handle, dispatch],
  );

  const confirmLine = useCallback(async () => {
    const current = latest.current;
    const draft = lineDraftOf(current);
    if (!draft || !handle) return;
    const t = targetRef.current;
    setBusy(true);
    try {
      const p = portOf(handle);
      let result: ActionResult;
      if (t.mode === 'document') {
        result = await recordDocumentLine(p, {
          kind,
          documentId: t.documentId,
          create: t.create,
          draft,
          replaces: current.fixing ? t.lines.find((l) => l.line.id === current.fixing) : undefined,
        });
      } else {
        result = await recordOrderLine(p, {
          orderId: t.orderId,
          draft,
          ...(current.fixing ? { only: current.fixing } : {}),
        });
      }
      if (!result.ok) {
        dispatch({ type: 'refused', refusal: result.refusal });
        signal('error');
        return;
      }
      // Recorded on data older than the company allows: the picker is told (the server may see it otherwise).
      const stale = handle.engine.status.value.stale;
      dispatch({ type: 'recorded', stale });
      if (result.warnings.length)
        dispatch({
          type: 'notice',
          feedback: {
            tone: 'info',
            key: 'terminal:feedback.recordedWithWarning',
            refusal: { code: 'stockShortfall', issues: result.warnings },
            ...(stale ? { stale } : {}),
          },
        });
      signal('success');
    } finally {
      setBusy(false);
    }
  }, [handle, kind, dispatch]);

  return { state, dispatch, busy, onScan, takeLocation, confirmLine, run };
};
