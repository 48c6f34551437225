import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../resources/format';
import type { DocumentRow } from './documentApi';
import { StatusBadge } from './StatusBadge';
import { stringOf } from './values';

export interface LinkedDocumentsProps {
  readonly documents: readonly DocumentRow[];
  /** `<prefix>-documents`, `<prefix>-document-row` (data-id, data-status), `<prefix>-document-link`, `<prefix>-documents-empty`. */
  readonly testIdPrefix: string;
  /** Leave the whole panel out when there are no documents (instead of saying so). */
  readonly hideWhenEmpty?: boolean;
}

/** The warehouse documents an order or a count made, each leading to its own screen. */
export const LinkedDocuments = ({
  documents,
  testIdPrefix: p,
  hideWhenEmpty = false,
}: LinkedDocumentsProps): ReactNode => {
  const { t } = useTranslation();
  if (hideWhenEmpty && documents.length === 0) return null;
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={4}>{t('logistics:orders.documents')}</Title>
        {documents.length === 0 ? (
          <Text c="dimmed" size="sm" data-testid={`${p}-documents-empty`}>
            {t('logistics:orders.noDocuments')}
          </Text>
        ) : (
          <Table verticalSpacing="xs" data-testid={`${p}-documents`}>
            <Table.Tbody>
              {documents.map((d) => (
                <Table.Tr
                  key={d.id}
                  data-testid={`${p}-document-row`}
                  data-id={d.id}
                  data-status={d.statusCode}
                >
                  <Table.Td>
                    <Anchor component={Link} to={`/documents/${d.id}`} data-testid={`${p}-document-link`}>
                      {stringOf(d.documentNumber)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {t(`warehouse:documentTypes.${d.typeCode}`, { defaultValue: d.typeCode })}
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge kind="document" status={d.statusCode} />
                  </Table.Td>
                  <Table.Td>{formatDateTime(d.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
};
