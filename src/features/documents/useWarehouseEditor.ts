import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuleIssue } from '../../../domain/errors';
import { errorMessage } from '../../i18n/i18n';
import type { Row } from '../../resources/resourceApi';
import type { PositionRow } from './documentApi';
import { emptyPosition, type PositionValues, positionFromRow } from './documentForm';
import { errorIssues } from './errorIssues';
import { useRowsById } from './useRowsById';

export interface WarehouseEditorOptions<R, H> {
  readonly mode: 'new' | 'edit';
  /** The record edited (edit mode). */
  readonly id: string | undefined;
  /** The header of a new record. */
  readonly newHeader: H;
  /** Loads the record and its positions (edit mode). */
  readonly load: (id: string) => Promise<readonly [R, readonly PositionRow[]]>;
  readonly headerOf: (row: R) => H;
}

export interface WarehouseEditor<R, H> {
  /** The stored record (edit mode, once loaded). */
  readonly row: R | null;
  /** After an action changed the stored record (revert…). */
  readonly setRow: (row: R) => void;
  /** null until an edited record is loaded. */
  readonly header: H | null;
  readonly setHeader: (header: H) => void;
  readonly positions: readonly PositionValues[];
  readonly setPositions: (update: (positions: PositionValues[]) => PositionValues[]) => void;
  readonly loadError: string | null;
  /** Product and location rows of the positions (flags, titles). */
  readonly products: ReadonlyMap<string, Row>;
  readonly locations: ReadonlyMap<string, Row>;
  /** The message above the form after a failed save. */
  readonly formError: string | null;
  /** After a change: the server's verdict no longer holds. */
  readonly changed: () => void;
  /**
   * Before a save: true when the instant rules let it go to the server; otherwise the form says it has errors
   * (the rules' issues show from now on).
   */
  readonly checkBeforeSave: (clientIssues: readonly RuleIssue[]) => boolean;
  /** After a failed save: its issues on the fields and rows, its message above the form and in a notice. */
  readonly failed: (error: unknown) => void;
  /** Which issues to show: the server's until the next change, then (after a save attempt) the instant rules'. */
  readonly issuesOf: (clientIssues: readonly RuleIssue[]) => {
    readonly header: readonly RuleIssue[];
    readonly positions: readonly RuleIssue[];
  };
}

/** The state a document or order editor keeps: the record, its header and positions, and why a save failed. */
export const useWarehouseEditor = <R, H>({
  mode,
  id,
  newHeader,
  load,
  headerOf,
}: WarehouseEditorOptions<R, H>): WarehouseEditor<R, H> => {
  const { t } = useTranslation();
  const [row, setRow] = useState<R | null>(null);
  const [header, setHeader] = useState<H | null>(mode === 'new' ? newHeader : null);
  const [positions, setPositions] = useState<PositionValues[]>(mode === 'new' ? [emptyPosition()] : []);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [serverIssues, setServerIssues] = useState<RuleIssue[] | null>(null);
  const [submitted, setSubmitted] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the screen remounts for another record (ById)
  useEffect(() => {
    if (mode !== 'edit' || !id) return;
    let current = true;
    load(id)
      .then(([record, rows]) => {
        if (!current) return;
        setRow(record);
        setHeader(headerOf(record));
        setPositions(rows.map(positionFromRow));
      })
      .catch((e: unknown) => current && setLoadError(errorMessage(t, e)));
    return () => {
      current = false;
    };
  }, [mode, id, t]);

  const products = useRowsById(
    'product',
    useMemo(() => positions.map((p) => p.productId), [positions]),
  );
  const locations = useRowsById(
    'storageSpace',
    useMemo(() => positions.flatMap((p) => [p.sourceLocationId, p.destinationLocationId]), [positions]),
  );

  const changed = () => {
    setServerIssues(null);
    setFormError(null);
  };

  return {
    row,
    setRow,
    header,
    setHeader,
    positions,
    setPositions,
    loadError,
    products,
    locations,
    formError,
    changed,
    checkBeforeSave: (clientIssues) => {
      setSubmitted(true);
      changed();
      if (clientIssues.length === 0) return true;
      setFormError(t('errors:formHasErrors'));
      return false;
    },
    failed: (error) => {
      const found = errorIssues(error);
      setServerIssues(found.length ? found : null);
      const message = errorMessage(t, error);
      setFormError(message);
      notifications.show({ color: 'red', message });
    },
    issuesOf: (clientIssues) => {
      const issues = serverIssues ?? (submitted ? clientIssues : []);
      return {
        header: issues.filter((i) => i.positionIndex === undefined),
        positions: issues.filter((i) => i.positionIndex !== undefined),
      };
    },
  };
};
