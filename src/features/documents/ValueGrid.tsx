import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ValueGridProps {
  /** Field name and shown value; empty values ('' or null) are left out. */
  readonly values: readonly (readonly [string, ReactNode])[];
  readonly label: (field: string) => string;
  /** Each value (not its label) gets `<prefix>-<field>` as data-testid. */
  readonly testIdPrefix: string;
  readonly cols?: number;
}

/** The header of a record shown read-only: label over value, in a grid. */
export const ValueGrid = ({ values, label, testIdPrefix, cols = 3 }: ValueGridProps): ReactNode => (
  <Paper withBorder p="md">
    <SimpleGrid cols={{ base: 1, sm: Math.min(2, cols), lg: cols }} spacing="sm">
      {values
        .filter(([, value]) => value !== '' && value !== null && value !== undefined)
        .map(([field, value]) => (
          <Stack key={field} gap={2}>
            <Text size="xs" c="dimmed" fw={500}>
              {label(field)}
            </Text>
            <Text size="sm" component="div" data-testid={`${testIdPrefix}-${field}`}>
              {value}
            </Text>
          </Stack>
        ))}
    </SimpleGrid>
  </Paper>
);
