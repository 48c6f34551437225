import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MapReturn } from '../locations/LocationMapPage';
import { useLocationOnMap } from './useLocationOnMap';

/**
 * "Show on map" for the picker's next location: shown only when a map of its warehouse (or hall) shows it; opens
 * that map with the location highlighted, whose back button returns to `back` (the picking step, scan field
 * focused as the screen opens).
 */
export const NextOnMapButton = ({
  locationId,
  back,
}: {
  readonly locationId: string | null;
  readonly back: string;
}): ReactNode => {
  const { t } = useTranslation('terminal');
  const navigate = useNavigate();
  const target = useLocationOnMap(locationId);
  if (!target) return null;
  const state: MapReturn = { back };
  return (
    <Button
      variant="light"
      size="md"
      mih={48}
      mt="xs"
      fullWidth
      onClick={() =>
        navigate(
          `/storage-spaces/${encodeURIComponent(target.mapId)}/map?highlight=${encodeURIComponent(target.placeId)}`,
          { state },
        )
      }
      data-testid="terminal-next-map"
    >
      {t('next.showOnMap')}
    </Button>
  );
};
