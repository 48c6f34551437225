import { Group, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { DiscussionButton } from '../discussions/DiscussionButton';

export interface RecordOfficeProps {
  /** Resource name of the record (e.g. 'company', 'wmsDocument'). */
  readonly resourceType: string;
  readonly id: string;
}

/**
 * What every record's preview offers around its fields: its discussion, its change history, sending it by
 * e-mail, and its files. Rendered by the generic preview and edit screens and by the area previews.
 */
export const RecordOffice = ({ resourceType, id }: RecordOfficeProps): ReactNode => (
  <Paper withBorder p="sm" data-testid="record-office">
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <DiscussionButton resourceType={resourceType} id={id} />
      </Group>
    </Stack>
  </Paper>
);
