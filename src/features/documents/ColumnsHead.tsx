import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The head of a positions table: one `logistics:positionFields.<column>` label per column, then `extra`. */
export const ColumnsHead = ({
  columns,
  extra,
}: {
  readonly columns: readonly string[];
  readonly extra?: ReactNode;
}): ReactNode => {
  const { t } = useTranslation();
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((c) => (
          <Table.Th key={c}>{t(`logistics:positionFields.${c}`)}</Table.Th>
        ))}
        {extra}
      </Table.Tr>
    </Table.Thead>
  );
};
