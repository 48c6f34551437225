import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../i18n/i18n';
import { type DocumentRow, documentApi } from '../documents/documentApi';
import { useLoad } from '../documents/useLoad';
import { type LineProgress, lineProgressOf, type OrderRow, orderApi } from './orderApi';

export interface OrderScreen {
  readonly order: OrderRow | null;
  /** The order's lines with their progress (null while loading). */
  readonly lines: readonly LineProgress[] | null;
  /** Documents the order made. */
  readonly documents: readonly DocumentRow[];
  /** Translated message of a failed load of the order or its lines. */
  readonly error: string | null;
  /** Loads all of it again (after an action). */
  readonly reload: () => void;
  readonly setOrder: (order: OrderRow) => void;
  /** Changes the lines (after a count was stored). */
  readonly updateLines: (update: (lines: readonly LineProgress[]) => readonly LineProgress[]) => void;
}

/**
 * What an order's screen shows: the order, its lines (from a progress route; the bare positions when that
 * route fails, so what was recorded still shows against what was ordered) and the documents it made.
 */
export const useOrderScreen = (
  id: string,
  progressOf: (id: string) => Promise<LineProgress[]>,
): OrderScreen => {
  const { t } = useTranslation();
  const order = useLoad(id, () => orderApi.get(id));
  const lines = useLoad<readonly LineProgress[]>(id, () =>
    progressOf(id).catch(async () => (await orderApi.positions(id)).map(lineProgressOf)),
  );
  const documents = useLoad(id, () => documentApi.ofOrder(id).catch((): DocumentRow[] => []));
  const failure = order.error ?? lines.error;
  return {
    order: order.data,
    lines: lines.data,
    documents: documents.data ?? [],
    error: failure ? errorMessage(t, failure) : null,
    reload: () => {
      order.reload();
      lines.reload();
      documents.reload();
    },
    setOrder: order.set,
    updateLines: (update) => lines.set((current) => update(current ?? [])),
  };
};
