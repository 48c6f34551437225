import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import type { SharedView } from '../../../domain/sharedAccess/sharedLinks';
import { errorMessage } from '../../i18n/i18n';
import { errorCodeOf } from '../../resources/apiErrors';
import type { DataRow } from '../../resources/DataTable';
import { formatDateTime } from '../../resources/format';
import { buildListQuery, listColumns, parseListSearch } from '../../resources/listState';
import { PagedListScreen } from '../../resources/PagedListScreen';
import { PublicLayout } from '../../ui/PublicLayout';
import { isSharedEnd, SharedEndedPage } from './SharedEndedPage';
import { SharedKeyForm } from './SharedKeyForm';
import { sharedApi } from './sharedApi';
import { sharedViewOf } from './sharedViews';
import { useOpenedLink } from './useOpenedLink';

/**
 * /shared/wms-inventory and /shared/wms-stock: a contractor's goods for someone without an account — read-only,
 * paged, sorted and filtered like the warehouse's own lists, exportable to CSV.
 */
export const SharedStockPage = ({ view }: { readonly view: SharedView }): ReactNode => {
  const { t } = useTranslation('portal');
  const [state, end] = useOpenedLink();
  const def = sharedViewOf(view);
  const columns = useMemo(() => listColumns(def), [def]);
  const [params] = useSearchParams();
  if (state.kind === 'opening')
    return (
      <PublicLayout size="lg">
        <Loader />
      </PublicLayout>
    );
  if (state.kind === 'ended') return <SharedEndedPage end={state.end} />;
  if (state.kind === 'none') return <SharedKeyForm />;
  if (state.kind === 'failed')
    return (
      <PublicLayout size="sm">
        <Alert color="red">{t(`errors:${state.code}`)}</Alert>
      </PublicLayout>
    );
  const { link } = state;
  // A link of the other kind opened here: its own page shows it.
  if (!link.views.includes(view))
    return (
      <Navigate to={link.contentType === 'stock' ? '/shared/wms-stock' : '/shared/wms-inventory'} replace />
    );
  const session = link.session;
  const load = async (listState: Parameters<typeof buildListQuery>[1]) => {
    try {
      return await sharedApi.page(session, def.path, buildListQuery(def, listState));
    } catch (error) {
      const code = errorCodeOf(error);
      if (isSharedEnd(code)) end(code);
      throw error;
    }
  };
  return (
    <PublicLayout size="lg">
      <Stack gap="xs" mb="md" data-testid="shared-link-page" data-view={view}>
        <Text c="dimmed" data-testid="shared-who">
          {t('shared.page.who', { company: link.companyName, contractor: link.contractorName })}
        </Text>
        <Text size="sm" c="dimmed">
          {link.linkExpiresAt
            ? t('shared.page.until', { date: formatDateTime(link.linkExpiresAt) })
            : t('shared.page.unlimited')}
        </Text>
      </Stack>
      <PagedListScreen<DataRow>
        def={def}
        title={t(`shared.page.${view}`)}
        columns={columns}
        load={load}
        testIdPrefix="shared"
        fieldLabel={(name) => t(`shared.columns.${name}`)}
        emptyText={t('shared.page.empty')}
        searchable
        rowKey={(row) => String(row.id ?? `${row.productId}:${row.warehouseId}`)}
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              data-testid="shared-export"
              onClick={() =>
                sharedApi
                  .exportCsv(
                    session,
                    view,
                    buildListQuery(def, parseListSearch(def, params), { paged: false }),
                  )
                  .catch((error: unknown) => {
                    const code = errorCodeOf(error);
                    if (isSharedEnd(code)) end(code);
                    else notifications.show({ color: 'red', message: errorMessage(t, error) });
                  })
              }
            >
              {t('shared.page.export')}
            </Button>
          </Group>
        }
      />
    </PublicLayout>
  );
};
