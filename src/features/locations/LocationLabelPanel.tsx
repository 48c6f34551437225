import { Button, Group, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRightDrawer } from '../../ui/useRightDrawer';
import { Code128Image } from './Code128Image';
import { printLabelsWithNotice } from './printLabels';

export interface LocationLabelPanelProps {
  readonly id: string;
  readonly label: string;
}

/** A location's CODE128 label with print, and links to its stock and its place in the tree. */
export const LocationLabelPanel = ({ id, label }: LocationLabelPanelProps): ReactNode => {
  const { t, i18n } = useTranslation(['infrastructure', 'errors']);
  const navigate = useNavigate();
  const drawer = useRightDrawer();
  const go = (path: string) => {
    drawer.close();
    navigate(path);
  };

  const print = () => printLabelsWithNotice(t, i18n.language, [{ text: label }]);

  return (
    // At 360 px the buttons wrap and the barcode shrinks with the panel instead of pushing past the screen.
    <Paper
      withBorder
      p="sm"
      radius="md"
      data-testid="location-label-panel"
      style={{ minWidth: 0, maxWidth: '100%' }}
    >
      <Stack gap="xs" align="flex-start" style={{ minWidth: 0, maxWidth: '100%' }}>
        {label !== '' && <Code128Image value={label} data-testid="location-barcode" />}
        <Group gap="xs" wrap="wrap" style={{ maxWidth: '100%' }}>
          <Button size="xs" onClick={print} disabled={label === ''} data-testid="label-print">
            {t('labels.print')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => go(`/inventory?f.locationId=${encodeURIComponent(id)}`)}
            data-testid="location-show-inventory"
          >
            {t('locations.showInventory')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => go(`/storage-spaces/${encodeURIComponent(id)}/map`)}
            data-testid="location-open-map"
          >
            {t('map.open')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};
