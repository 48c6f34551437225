import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { FieldDef } from '../../../domain/resources/types';
import { formatDateTime } from '../../resources/format';
import { PagedListScreen } from '../../resources/PagedListScreen';
import { type Row, resourceApi } from '../../resources/resourceApi';
import { HistoryEntryDialog } from './HistoryEntryDialog';
import { historyColumns, historyDefinition } from './historyDefinition';

const def = historyDefinition;
const columns = historyColumns.map((name): [string, FieldDef] => [name, def.fields[name] as FieldDef]);

/**
 * Change history (route `history/:openedDialogId?`): the record log filtered by record type, record, user and
 * time; an entry opens its old/new comparison in a dialog addressed by the entry's id, so it can be linked.
 */
export const HistoryPage = (): ReactNode => {
  const { t } = useTranslation(['office', 'resources']);
  const { openedDialogId } = useParams();
  const navigate = useNavigate();
  const { search } = useLocation();

  return (
    <>
      <PagedListScreen<Row>
        def={def}
        title={t('office:history.title')}
        columns={columns}
        load={(state) => resourceApi.list(def, state)}
        testIdPrefix="history"
        fieldLabel={(name) =>
          name === 'createdAt'
            ? t('office:history.time')
            : t(`resources:recordLog.fields.${name}`, { defaultValue: name })
        }
        emptyText={t('office:history.empty')}
        searchable
        rowKey={(row) => row.id}
        onRowClick={(row) => navigate(`/history/${row.id}${search}`)}
        renderCell={(row, field) => {
          if (field === 'createdAt') return formatDateTime(row.createdAt);
          if (field === 'resourceType')
            return t(`resources:${String(row.resourceType)}.one`, { defaultValue: String(row.resourceType) });
          return undefined;
        }}
        optionLabel={(field, value) =>
          field === 'resourceType'
            ? t(`resources:${value}.title`, { defaultValue: value })
            : t(`resources:recordLog.options.${field}.${value}`, { defaultValue: value })
        }
      />
      {openedDialogId && (
        <HistoryEntryDialog entryId={openedDialogId} onClose={() => navigate(`/history${search}`)} />
      )}
    </>
  );
};
