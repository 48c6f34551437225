import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSyncHandle } from '../../db/activeSync';
import { ScanIssueAlert } from '../scanner/ScanIssueAlert';
import { FaceOperator } from '../faces/FaceOperator';
import { InitialSyncProgress } from '../sync/InitialSyncProgress';
import { SyncChip } from '../sync/SyncChip';
import { scannerSettingsPath } from './terminalPaths';

export interface TerminalLayoutProps {
  readonly title: string;
  /** Where "back" leads; no button when absent. */
  readonly back?: string;
  readonly children: ReactNode;
}

/**
 * The frame of every terminal screen: one column sized for a handheld, the title, a back button and the
 * sync chip always in sight. The screen shows once the device holds the warehouse data (first sync).
 */
export const TerminalLayout = ({ title, back, children }: TerminalLayoutProps): ReactNode => {
  const { t } = useTranslation('terminal');
  const navigate = useNavigate();
  const handle = useSyncHandle();
  return (
    <Stack gap="md" maw={640} mx="auto" w="100%" data-testid="terminal-screen">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        {back ? (
          <Button
            variant="default"
            size="md"
            mih={48}
            style={{ flexShrink: 0 }}
            onClick={() => navigate(back)}
            data-testid="terminal-back"
          >
            {t('nav.back')}
          </Button>
        ) : (
          <span />
        )}
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <FaceOperator />
          <SyncChip />
        </Group>
      </Group>
      <Title order={3} style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      <ScanIssueAlert settingsPath={scannerSettingsPath} />
      {handle ? (
        <InitialSyncProgress>{children}</InitialSyncProgress>
      ) : (
        <Alert color="orange" data-testid="terminal-no-replica">
          <Text size="sm">{t('noReplica')}</Text>
        </Alert>
      )}
    </Stack>
  );
};
