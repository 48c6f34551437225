import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The one row of an empty table: a dimmed, centred text across all columns (`testId` on the row). */
export const EmptyRow = ({
  colSpan,
  text,
  testId,
  py = 'sm',
}: {
  readonly colSpan: number;
  readonly text: string;
  readonly testId?: string;
  readonly py?: 'sm' | 'lg';
}): ReactNode => (
  <Table.Tr data-testid={testId}>
    <Table.Td colSpan={colSpan}>
      <Text c="dimmed" ta="center" py={py}>
        {text}
      </Text>
    </Table.Td>
  </Table.Tr>
);
