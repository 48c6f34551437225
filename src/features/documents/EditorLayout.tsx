import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { RuleIssue } from '../../../domain/errors';
import { IssuesAlert } from './IssuesAlert';
import { RecordHeader } from './RecordHeader';

export interface EditorLayoutProps {
  /** Test id prefix: `<prefix>-editor` (data-status, data-id), `<prefix>-number`, `<prefix>-form-error`. */
  readonly prefix: string;
  readonly status: string;
  readonly id: string | undefined;
  readonly caption: ReactNode;
  readonly title: ReactNode;
  readonly badges?: ReactNode;
  readonly actions: ReactNode;
  /** Alerts under the title (read-only, generated…). */
  readonly notices?: ReactNode;
  readonly formError: string | null;
  readonly headerIssues: readonly RuleIssue[];
  /** The header form. */
  readonly header: ReactNode;
  readonly positionsTitle: string;
  /** The positions grid. */
  readonly positions: ReactNode;
  /** Dialogs. */
  readonly children?: ReactNode;
}

/** A document or order editor: title and buttons, why a save failed, the header, the positions. */
export const EditorLayout = ({
  prefix,
  status,
  id,
  caption,
  title,
  badges,
  actions,
  notices,
  formError,
  headerIssues,
  header,
  positionsTitle,
  positions,
  children,
}: EditorLayoutProps): ReactNode => (
  <Stack gap="md" data-testid={`${prefix}-editor`} data-status={status} data-id={id}>
    <RecordHeader
      caption={caption}
      title={title}
      titleTestId={`${prefix}-number`}
      badges={badges}
      actions={actions}
    />
    {notices}
    <IssuesAlert message={formError} issues={headerIssues} testIdPrefix={prefix} />
    <Paper withBorder p="md">
      {header}
    </Paper>
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={4}>{positionsTitle}</Title>
        {positions}
      </Stack>
    </Paper>
    {children}
  </Stack>
);
