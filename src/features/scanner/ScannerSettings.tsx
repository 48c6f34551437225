import {
  Button,
  Code,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LearnScanner } from './LearnScanner';
import { type Scan, visibleCode } from './scan';
import { gapLimits, minLengthLimits } from './scannerSettings';
import { useScannerSettingsStore } from './scannerSettingsStore';
import { useScanner } from './useScanner';
import type { SuffixKey } from './wedgeDecoder';

const suffixChoices: Readonly<Record<string, readonly SuffixKey[]>> = {
  enterOrTab: ['Enter', 'Tab'],
  enter: ['Enter'],
  tab: ['Tab'],
  none: [],
};

const suffixChoiceOf = (suffix: readonly SuffixKey[]): string =>
  Object.entries(suffixChoices).find(
    ([, keys]) => keys.length === suffix.length && keys.every((k) => suffix.includes(k)),
  )?.[0] ?? 'enterOrTab';

/** The keyboard-wedge scanner settings of this device, with a field to try a scan. */
export const ScannerSettings = (): ReactNode => {
  const { t } = useTranslation('scanner');
  const wedge = useScannerSettingsStore((s) => s.wedge);
  const setWedge = useScannerSettingsStore((s) => s.setWedge);
  const resetWedge = useScannerSettingsStore((s) => s.resetWedge);
  const [lastScan, setLastScan] = useState<Scan | null>(null);
  useScanner(setLastScan);

  return (
    <Paper withBorder p="md" data-testid="scanner-settings">
      <Stack gap="sm">
        <Title order={4}>{t('settings.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('settings.intro')}
        </Text>
        <LearnScanner />
        <TextInput
          label={t('settings.prefix')}
          description={t('settings.prefixHint')}
          value={wedge.prefix}
          maxLength={8}
          onChange={(e) => setWedge({ prefix: e.currentTarget.value })}
          data-testid="scanner-prefix"
        />
        <Select
          label={t('settings.suffix')}
          value={suffixChoiceOf(wedge.suffix)}
          allowDeselect={false}
          data={Object.keys(suffixChoices).map((value) => ({
            value,
            label: t(`settings.suffixes.${value}`),
          }))}
          onChange={(value) => setWedge({ suffix: suffixChoices[value ?? 'enterOrTab'] ?? ['Enter', 'Tab'] })}
          data-testid="scanner-suffix"
        />
        <TextInput
          label={t('settings.substitute')}
          description={t('settings.substituteHint')}
          value={wedge.fnc1Substitute}
          maxLength={8}
          onChange={(e) => setWedge({ fnc1Substitute: e.currentTarget.value })}
          data-testid="scanner-substitute"
        />
        <NumberInput
          label={t('settings.maxGap')}
          description={t('settings.maxGapHint')}
          value={wedge.maxGapMs}
          min={gapLimits.min}
          max={gapLimits.max}
          allowDecimal={false}
          onChange={(value) => typeof value === 'number' && setWedge({ maxGapMs: value })}
          data-testid="scanner-max-gap"
        />
        <NumberInput
          label={t('settings.minLength')}
          description={t('settings.minLengthHint')}
          value={wedge.minLength}
          min={minLengthLimits.min}
          max={minLengthLimits.max}
          allowDecimal={false}
          onChange={(value) => typeof value === 'number' && setWedge({ minLength: value })}
          data-testid="scanner-min-length"
        />
        <Text size="sm" fw={500}>
          {t('settings.testLabel')}
        </Text>
        <Code block data-testid="scanner-last-scan">
          {lastScan ? visibleCode(lastScan.code) : t('settings.noScanYet')}
        </Code>
        <Group justify="flex-end">
          <Button variant="default" onClick={resetWedge} data-testid="scanner-reset">
            {t('settings.reset')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};
