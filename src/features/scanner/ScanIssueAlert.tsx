import { Alert, Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { visibleCode } from './scan';
import { useScanIssueStore } from './scanIssueStore';

/**
 * A scan that arrived only in part (the scanner paused longer than its settings allow): the part is shown, nothing is
 * recorded, and the way to let Aisle learn the scanner's timing is one tap away.
 */
export const ScanIssueAlert = ({ settingsPath }: { readonly settingsPath: string }): ReactNode => {
  const { t } = useTranslation('scanner');
  const partial = useScanIssueStore((s) => s.partial);
  const clear = useScanIssueStore((s) => s.clear);
  if (!partial) return null;
  return (
    <Alert color="orange" variant="filled" role="alert" title={t('partial.title')} data-testid="scan-partial">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {t('partial.text', { code: visibleCode(partial.code) })}
      </Text>
      <Group justify="flex-end" gap="xs" mt="xs">
        <Button size="sm" variant="white" color="dark" onClick={clear} data-testid="scan-partial-dismiss">
          {t('partial.dismiss')}
        </Button>
        <Button
          size="sm"
          variant="white"
          component={Link}
          to={settingsPath}
          onClick={clear}
          data-testid="scan-partial-learn"
        >
          {t('partial.learn')}
        </Button>
      </Group>
    </Alert>
  );
};
