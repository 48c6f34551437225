import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LearntTiming, learnTiming, recordScans, scansToLearn } from './learnScanner';
import { useScannerSettingsStore } from './scannerSettingsStore';
import { pauseWedge } from './wedgeListener';

type Learning =
  | { readonly kind: 'idle' }
  | { readonly kind: 'listening'; readonly count: number }
  | { readonly kind: 'done'; readonly timing: LearntTiming }
  | { readonly kind: 'failed' };

/**
 * "Learn my scanner": the user scans any barcode three times; the keys' timing gives the pause to allow inside a
 * scan and the key that ends it, saved in this device's scanner settings.
 */
export const LearnScanner = (): ReactNode => {
  const { t } = useTranslation('scanner');
  const setWedge = useScannerSettingsStore((s) => s.setWedge);
  const [learning, setLearning] = useState<Learning>({ kind: 'idle' });
  const stopRef = useRef<(() => void) | null>(null);

  const stop = () => {
    stopRef.current?.();
    stopRef.current = null;
  };
  // Leaving the screen ends the learning (and gives the scanner back to the screens).
  useEffect(
    () => () => {
      stopRef.current?.();
      stopRef.current = null;
    },
    [],
  );

  const start = () => {
    stop();
    const resume = pauseWedge();
    const stopRecording = recordScans(
      (_keys, count) => setLearning({ kind: 'listening', count }),
      (scans) => {
        stop();
        const timing = learnTiming(scans);
        if (!timing) {
          setLearning({ kind: 'failed' });
          return;
        }
        setWedge({ maxGapMs: timing.maxGapMs, suffix: [...timing.suffix] });
        setLearning({ kind: 'done', timing });
      },
    );
    stopRef.current = () => {
      stopRecording();
      resume();
    };
    setLearning({ kind: 'listening', count: 0 });
  };

  const cancel = () => {
    stop();
    setLearning({ kind: 'idle' });
  };

  return (
    <Stack gap="xs" data-testid="scanner-learn">
      <Text size="sm" c="dimmed">
        {t('learn.intro', { count: scansToLearn })}
      </Text>
      {learning.kind === 'listening' ? (
        <Alert color="blue" data-testid="scanner-learn-listening">
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {t('learn.scanNow')}
            </Text>
            <Progress value={(learning.count / scansToLearn) * 100} aria-label={t('learn.title')} />
            <Text size="sm" data-testid="scanner-learn-count">
              {t('learn.progress', { count: learning.count, total: scansToLearn })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" size="md" onClick={cancel} data-testid="scanner-learn-cancel">
                {t('learn.cancel')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Button size="md" mih={48} variant="light" onClick={start} data-testid="scanner-learn-start">
          {t('learn.start')}
        </Button>
      )}
      {learning.kind === 'done' ? (
        <Alert color="teal" data-testid="scanner-learn-done">
          <Text size="sm">
            {t('learn.done', {
              gap: learning.timing.maxGapMs,
              measured: learning.timing.longestGapMs,
              suffix: learning.timing.suffix.length
                ? learning.timing.suffix.map((k) => t(`learn.keys.${k}`)).join(' / ')
                : t('learn.keys.none'),
            })}
          </Text>
        </Alert>
      ) : null}
      {learning.kind === 'failed' ? (
        <Alert color="orange" data-testid="scanner-learn-failed">
          <Text size="sm">{t('learn.failed')}</Text>
        </Alert>
      ) : null}
    </Stack>
  );
};
