import { notifications } from '@mantine/notifications';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  arrangeListColumns,
  type ListColumn,
  listColumnsParamPrefix,
  readListColumnPrefs,
  withListColumns,
} from '../../domain/resources/listColumns';
import { api } from '../api/http';
import { useStartupStore } from '../state/startupStore';

export interface ListColumns<C extends ListColumn> {
  /** The columns to show, in the order to show them (first, key columns, the rest). */
  readonly shown: readonly C[];
  /** Every column in that order, hidden ones included (for the chooser). */
  readonly all: readonly C[];
  readonly hidden: readonly string[];
  /** Shows or hides a column, at once on screen and saved on the user's account. */
  readonly toggle: (name: string) => void;
  /** Signed in as a user (a shared link's visitor has no account to save a choice on). */
  readonly savable: boolean;
}

/** Stores the user's hidden columns in the startup configuration kept on the device. */
const storeLocally = (prefs: Record<string, string[]>): void => {
  const startup = useStartupStore.getState();
  if (startup.config?.user)
    startup.setConfig({ ...startup.config, user: { ...startup.config.user, listColumns: prefs } });
};

/**
 * The columns of one list as this user wants them (domain/resources/listColumns.ts). The choice is saved on
 * the user's account (PATCH config/changeuserconfig), so it follows them to another desktop.
 */
export const useListColumns = <C extends ListColumn>(
  listId: string,
  columns: readonly C[],
): ListColumns<C> => {
  const { t } = useTranslation('resources');
  const stored = useStartupStore((s) => s.config?.user?.listColumns);
  const savable = useStartupStore((s) => Boolean(s.config?.user));
  const hidden = useMemo(() => readListColumnPrefs(stored)[listId] ?? [], [stored, listId]);
  const all = useMemo(() => arrangeListColumns(columns), [columns]);
  const shown = useMemo(() => arrangeListColumns(columns, hidden), [columns, hidden]);

  const toggle = useCallback(
    (name: string) => {
      const before = useStartupStore.getState().config?.user?.listColumns;
      const current = readListColumnPrefs(before)[listId] ?? [];
      const next = current.includes(name) ? current.filter((n) => n !== name) : [...current, name];
      storeLocally(withListColumns(before, listId, next));
      api
        .patch('/api/config/changeuserconfig', undefined, {
          query: { paramName: `${listColumnsParamPrefix}${listId}`, paramValue: next.join(',') },
          silent: true,
        })
        .catch(() => {
          storeLocally(readListColumnPrefs(before));
          notifications.show({ color: 'red', message: t('resources:generic.columnsNotSaved') });
        });
    },
    [listId, t],
  );

  return { shown, all, hidden, toggle, savable };
};
