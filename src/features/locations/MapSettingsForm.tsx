import { Button, FileInput, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapBoundsLike } from '../../../domain/warehouse/mapFill';
import type { LocationMap, MapDimensionsView } from './mapApi';

export interface MapSettings {
  /** The chosen drawing (absent when only bounds or dimensions change). */
  readonly file: { readonly svg: string; readonly fileName: string } | null;
  readonly bounds: MapBoundsLike;
  readonly dimensions: MapDimensionsView | null;
}

const boundKeys = ['southWestX', 'southWestY', 'northEastX', 'northEastY'] as const;
const dimensionKeys = ['x', 'y', 'z'] as const;
const defaultBounds: MapBoundsLike = { southWestX: 0, southWestY: 0, northEastX: 100, northEastY: 100 };

const numberOrNull = (v: string | number): number | null => (typeof v === 'number' ? v : null);

/**
 * Upload of the map's drawing (an SVG) and its bounds and dimensions. Without a map the drawing is required;
 * with one, a new file replaces it and the bounds alone may change. The server checks the file.
 */
export const MapSettingsForm = ({
  map,
  busy,
  onSave,
}: {
  readonly map: LocationMap | null;
  readonly busy: boolean;
  readonly onSave: (settings: MapSettings) => void;
}): ReactNode => {
  const { t } = useTranslation('infrastructure');
  const [file, setFile] = useState<File | null>(null);
  const [bounds, setBounds] = useState<Record<(typeof boundKeys)[number], number | null>>({
    ...(map?.bounds ?? defaultBounds),
  });
  const [dimensions, setDimensions] = useState<Record<(typeof dimensionKeys)[number], number | null>>({
    x: map?.dimensions?.x ?? null,
    y: map?.dimensions?.y ?? null,
    z: map?.dimensions?.z ?? null,
  });
  const complete = boundKeys.every((k) => bounds[k] !== null);

  const submit = async () => {
    if (!complete) return;
    const chosen = file ? { svg: await file.text(), fileName: file.name } : null;
    const hasDimensions = dimensionKeys.some((k) => dimensions[k] !== null);
    onSave({
      file: chosen,
      bounds: {
        southWestX: bounds.southWestX ?? 0,
        southWestY: bounds.southWestY ?? 0,
        northEastX: bounds.northEastX ?? 0,
        northEastY: bounds.northEastY ?? 0,
      },
      dimensions: hasDimensions ? dimensions : null,
    });
  };

  return (
    <Stack gap="xs" data-testid="map-settings">
      <FileInput
        label={t(map ? 'map.replaceFile' : 'map.file')}
        description={t('map.fileHint')}
        placeholder={t('map.chooseFile')}
        accept=".svg,image/svg+xml"
        value={file}
        onChange={setFile}
        clearable
        data-testid="map-file"
      />
      <Text size="sm" fw={500}>
        {t('map.bounds')}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        {boundKeys.map((k) => (
          <NumberInput
            key={k}
            label={t(`map.${k}`)}
            value={bounds[k] ?? ''}
            onChange={(v) => setBounds((b) => ({ ...b, [k]: numberOrNull(v) }))}
            decimalScale={3}
            data-testid={`map-${k}`}
          />
        ))}
      </SimpleGrid>
      <Text size="sm" fw={500}>
        {t('map.dimensions')}
      </Text>
      <SimpleGrid cols={3} spacing="xs">
        {dimensionKeys.map((k) => (
          <NumberInput
            key={k}
            label={t(`map.dimension.${k}`)}
            value={dimensions[k] ?? ''}
            onChange={(v) => setDimensions((d) => ({ ...d, [k]: numberOrNull(v) }))}
            min={0}
            decimalScale={3}
            data-testid={`map-dimension-${k}`}
          />
        ))}
      </SimpleGrid>
      <Group>
        <Button
          onClick={() => void submit()}
          loading={busy}
          disabled={!complete || (!map && !file)}
          data-testid="map-save"
        >
          {t('map.save')}
        </Button>
      </Group>
    </Stack>
  );
};
