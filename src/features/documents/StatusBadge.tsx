import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type StatusKind = 'document' | 'order' | 'verification';

const namespaceKey: Readonly<Record<StatusKind, string>> = {
  document: 'documentStatuses',
  order: 'orderStatuses',
  verification: 'verificationStatuses',
};

const colors: Readonly<Record<string, string>> = {
  workingCopy: 'gray',
  confirmed: 'green',
  reverted: 'orange',
  pending: 'yellow',
  waitingToProcess: 'blue',
  inProgress: 'cyan',
  doneUnconfirmed: 'teal',
  doneConfirmed: 'green',
  closedFully: 'green',
  closedManually: 'orange',
  archived: 'dark',
  unknown: 'red',
  notStarted: 'gray',
  inProgressNoDifferences: 'cyan',
  inProgressWithDifferences: 'orange',
  finishedNoDifferences: 'green',
  finishedWithDifferences: 'red',
};

/** A document, order or verification status with its name from the warehouse namespace. */
export const StatusBadge = ({
  kind,
  status,
  testId,
}: {
  readonly kind: StatusKind;
  readonly status: string | null | undefined;
  readonly testId?: string;
}): ReactNode => {
  const { t } = useTranslation();
  if (!status) return null;
  return (
    <Badge
      color={colors[status] ?? 'gray'}
      variant="light"
      // Whole words: in a narrow table column the column widens instead of the status being cut off.
      maw="none"
      styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}
      data-testid={testId}
      data-status={status}
    >
      {t(`warehouse:${namespaceKey[kind]}.${status}`, { defaultValue: status })}
    </Badge>
  );
};
