import { notifications } from '@mantine/notifications';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { withLiveConnection } from '../editMode/liveConnectionStore';

const colors: Record<string, string> = { started: 'blue', succeeded: 'green', failed: 'red' };

/**
 * Shows the live notices of external imports the user started (the hub's `event` with resourceType
 * `externalImport`): started, then succeeded with counts, or failed. Renders nothing.
 */
export const ExternalImportNotices = (): ReactNode => {
  const { t } = useTranslation(['office', 'errors']);
  useEffect(
    () =>
      withLiveConnection((connection) =>
        connection.onDataChange((change) => {
          if (change.resourceType !== 'externalImport') return;
          const notice = change as unknown as Record<string, string | undefined>;
          const status = notice.status ?? '';
          if (!(status in colors)) return;
          const counts =
            status === 'succeeded'
              ? t('office:external.importCounts', {
                  created: notice.created ?? '0',
                  updated: notice.updated ?? '0',
                  failed: notice.failed ?? '0',
                })
              : '';
          const title = t(`errors:${notice.code ?? 'externalImportFailed'}`);
          notifications.show({
            id: `external-import-${change.id}-${status}`,
            color: colors[status],
            title,
            message: counts || notice.reason || title,
          });
        }),
      ),
    [t],
  );
  return null;
};
