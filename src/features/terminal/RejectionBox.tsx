import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Rejection } from '../../../sync/types';
import { rejectionTexts, wayForwardKey } from '../sync/syncTexts';

export interface RejectionBoxProps {
  readonly rejection: Rejection;
  /** What was refused: a recorded line, or the order's or document's own action (finish, confirm). */
  readonly scope?: 'line' | 'order' | 'document';
  /** Take the goods from (or put them at) another location; absent = not offered. */
  readonly onOtherLocation?: () => void;
  readonly onQuantity?: () => void;
  /** Send the refused action again (e.g. confirm the document once more); absent = not offered. */
  readonly onRetry?: () => void;
  readonly onDiscard: () => void;
  readonly busy?: boolean;
}

/**
 * Why the server refused a line or an order's or document's action, in the user's language, and the ways
 * forward: another location (the suggestion shows where), another quantity, try again, or discard. The one
 * refusal box of the terminal.
 */
export const RejectionBox = ({
  rejection,
  scope = 'line',
  onOtherLocation,
  onQuantity,
  onRetry,
  onDiscard,
  busy = false,
}: RejectionBoxProps): ReactNode => {
  const { t } = useTranslation(['terminal', 'sync']);
  return (
    <Alert color="red" p="sm" data-testid="terminal-rejection" data-scope={scope} data-code={rejection.code}>
      <Stack gap="xs">
        {rejectionTexts(t, rejection).map((text) => (
          <Text size="sm" key={text}>
            {text}
          </Text>
        ))}
        <Text size="sm" fw={600}>
          {t(`sync:ways.${wayForwardKey(rejection)}`)}
        </Text>
        <Group gap="xs" grow>
          {onOtherLocation ? (
            <Button
              size="md"
              mih={48}
              variant="white"
              onClick={onOtherLocation}
              disabled={busy}
              data-testid="terminal-fix-other-location"
            >
              {t('terminal:fix.otherLocation')}
            </Button>
          ) : null}
          {onRetry ? (
            <Button
              size="md"
              mih={48}
              variant="white"
              onClick={onRetry}
              disabled={busy}
              data-testid="terminal-fix-retry"
            >
              {t('terminal:documents.confirmAgain')}
            </Button>
          ) : null}
          {onQuantity ? (
            <Button
              size="md"
              mih={48}
              variant="white"
              onClick={onQuantity}
              disabled={busy}
              data-testid="terminal-fix-quantity"
            >
              {t('terminal:fix.quantity')}
            </Button>
          ) : null}
          <Button
            size="md"
            mih={48}
            color="red"
            variant="filled"
            onClick={onDiscard}
            disabled={busy}
            data-testid="terminal-fix-discard"
          >
            {t('terminal:fix.discard')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
};
