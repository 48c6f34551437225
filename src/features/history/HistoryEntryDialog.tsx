import { Alert, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recordChanges } from '../../../domain/office/recordChanges';
import { errorMessage } from '../../i18n/i18n';
import { formatDateTime, formatValue } from '../../resources/format';
import { definitionByName } from '../../resources/registry';
import { type Row, resourceApi } from '../../resources/resourceApi';
import { historyDefinition } from './historyDefinition';

export interface HistoryEntryDialogProps {
  /** The record-log entry shown (the dialog is addressed by it in the URL). */
  readonly entryId: string;
  readonly onClose: () => void;
}

/** One history entry: who changed which record when, and each changed field's old and new value side by side. */
export const HistoryEntryDialog = ({ entryId, onClose }: HistoryEntryDialogProps): ReactNode => {
  const { t } = useTranslation(['office', 'resources', 'errors']);
  const [entry, setEntry] = useState<Row | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    setEntry(null);
    setError(null);
    resourceApi
      .get(historyDefinition, entryId)
      .then((row) => {
        if (!cancelled) setEntry(row);
      })
      .catch((e: unknown) => {
        if (!cancelled) setError(errorMessage(t, e));
      });
    return () => {
      cancelled = true;
    };
  }, [entryId, t]);

  const type = typeof entry?.resourceType === 'string' ? entry.resourceType : '';
  const recordDef = definitionByName(type);
  const show = (value: unknown, field: string): string => {
    if (value === undefined || value === null || value === '') return '—';
    const text = recordDef
      ? formatValue(recordDef, field, { [field]: value }, { t })
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
    return text === '' ? '—' : text;
  };
  const changes = entry ? recordChanges(entry.oldObject, entry.newObject) : [];

  return (
    <Modal opened onClose={onClose} size="lg" title={t('office:history.entry')}>
      {/* The modal's root has no box of its own: the test id goes on what it shows. */}
      <Stack gap="sm" data-testid="history-entry">
        {error && <Alert color="red">{error}</Alert>}
        {!entry && !error && <Loader size="sm" />}
        {entry && (
          <Stack gap="sm">
            <Group gap="xs" wrap="wrap">
              <Text fw={600}>{String(entry.resourceTitle ?? '')}</Text>
              <Text c="dimmed" size="sm">
                {t(`resources:${type}.one`, { defaultValue: type })} ·{' '}
                {t(`resources:recordLog.options.action.${String(entry.action)}`)} ·{' '}
                {formatDateTime(entry.createdAt)} · {String(entry.userName ?? '')}
              </Text>
            </Group>
            {changes.length === 0 ? (
              <Text c="dimmed">{t('office:history.noChanges')}</Text>
            ) : (
              <Table.ScrollContainer minWidth={320}>
                <Table striped data-testid="history-changes">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('office:history.field')}</Table.Th>
                      <Table.Th>{t('office:history.before')}</Table.Th>
                      <Table.Th>{t('office:history.after')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {changes.map((c) => (
                      <Table.Tr key={c.field} data-testid="history-change" data-field={c.field}>
                        <Table.Td>
                          {t(`resources:${type}.fields.${c.field}`, { defaultValue: c.field })}
                        </Table.Td>
                        <Table.Td data-testid="history-before">{show(c.before, c.field)}</Table.Td>
                        <Table.Td data-testid="history-after">{show(c.after, c.field)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
};
