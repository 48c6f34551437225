import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { storageSpaceResource } from '../../../domain/resources/definitions/storageSpace';
import { fillBands, fillColours, type MapPlace } from '../../../domain/warehouse/mapFill';
import { errorMessage } from '../../i18n/i18n';
import { useResourceAccess } from '../../resources/useResourceAccess';
import { MapCanvas, markerStyle } from './MapCanvas';
import { type MapSettings, MapSettingsForm } from './MapSettingsForm';
import { type LocationMap, mapApi } from './mapApi';
import { keepLocationMap, readLocationMap } from './mapOffline';
import { useMapDrag } from './useMapDrag';

const zooms = [1, 1.5, 2, 3, 4] as const;

/** Where the back button leads when a screen opened the map for a moment (the terminal's picking step). */
export interface MapReturn {
  readonly back: string;
}

const returnOf = (state: unknown): string | null => {
  const back = (state as Partial<MapReturn> | null)?.back;
  // Only a path of this app: never another site.
  return typeof back === 'string' && back.startsWith('/') && !back.startsWith('//') ? back : null;
};

/**
 * /storage-spaces/:id/map: the location planner. The location's map drawing with its sub-locations on it,
 * coloured by how full they are (stock against capacity); those who may edit locations upload the drawing, set
 * its bounds and place sub-locations by dragging them or with the arrow keys. `?highlight=<id>` marks one
 * location (the picker's next one, on a tablet): opened from the terminal, the back button returns there.
 * Offline it shows this device's copy of a map it has seen (mapOffline.ts), or says there is none.
 */
export const LocationMapPage = (): ReactNode => {
  const { t, i18n } = useTranslation(['infrastructure', 'errors']);
  const navigate = useNavigate();
  const back = returnOf(useLocation().state);
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const highlightId = search.get('highlight');
  const access = useResourceAccess(storageSpaceResource);
  const [label, setLabel] = useState('');
  const [map, setMap] = useState<LocationMap | null>(null);
  const [noMap, setNoMap] = useState(false);
  /** Shown from the device's copy (the server cannot be reached): when it was saved; 'none': no copy either. */
  const [offline, setOffline] = useState<string | null>(null);
  const [places, setPlaces] = useState<readonly MapPlace[]>([]);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(highlightId);
  const [zoom, setZoom] = useState(1);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      const read = await readLocationMap(id);
      setMap(read.kind === 'map' ? read.view.map : null);
      setPlaces(read.kind === 'map' ? read.view.places : []);
      setNoMap(read.kind === 'none');
      setLabel(read.kind === 'map' ? read.view.label : read.kind === 'none' ? read.label : '');
      setOffline(
        read.kind === 'notOffline' ? 'none' : read.kind === 'map' && read.offline ? read.view.savedAt : null,
      );
    } catch (e) {
      setError(errorMessage(t, e));
    } finally {
      setLoading(false);
    }
  }, [id, t]);
  useEffect(() => {
    void load();
  }, [load]);
  // The device's copy follows what is done here (a new drawing, a location placed), as the server has it.
  useEffect(() => {
    if (map && offline === null) void keepLocationMap(id, { label, map, places });
  }, [id, label, map, places, offline]);

  // The drawing is shown from the sanitized text the server answered, as an image: it can run nothing.
  const svgUrl = useMemo(
    () => (map?.svg ? URL.createObjectURL(new Blob([map.svg], { type: 'image/svg+xml' })) : null),
    [map?.svg],
  );
  useEffect(() => () => (svgUrl ? URL.revokeObjectURL(svgUrl) : undefined), [svgUrl]);

  const save = async (settings: MapSettings) => {
    setBusy(true);
    setError(null);
    try {
      const saved = settings.file
        ? await mapApi.upload(id, {
            ...settings.file,
            bounds: settings.bounds,
            dimensions: settings.dimensions,
          })
        : await mapApi.update(id, { bounds: settings.bounds, dimensions: settings.dimensions });
      setMap(saved);
      setNoMap(false);
      setSettingsOpen(false);
      setPlaces(await mapApi.places(id));
      setNotice(t('map.saved'));
    } catch (e) {
      setError(errorMessage(t, e));
    } finally {
      setBusy(false);
    }
  };

  const place = async (childId: string, x: number, y: number) => {
    setError(null);
    // Shown where it was put at once; the server's answer (with its stock) replaces it, or the error puts it back.
    const before = places;
    setPlaces((ps) => ps.map((p) => (p.id === childId ? { ...p, x, y } : p)));
    setSelectedId(childId);
    try {
      const placed = await mapApi.place(id, childId, x, y);
      setPlaces((ps) => ps.map((p) => (p.id === childId ? placed : p)));
      setNotice(t('map.placedAt', { label: placed.label, x: placed.x, y: placed.y }));
    } catch (e) {
      setPlaces(before);
      setError(errorMessage(t, e));
    }
  };

  const select = (childId: string) => setSelectedId(childId);
  const mapDrag = useMapDrag(map?.bounds ?? null, select, (childId, x, y) => void place(childId, x, y));
  // Offline the copy is only looked at: changes need the server.
  const canMove = access.canWrite && offline === null;
  const unplaced = places.filter((p) => p.x === null || p.y === null);
  const selected = places.find((p) => p.id === selectedId) ?? null;
  const centre = map
    ? {
        x: Math.round(((map.bounds.southWestX + map.bounds.northEastX) / 2) * 100) / 100,
        y: Math.round(((map.bounds.southWestY + map.bounds.northEastY) / 2) * 100) / 100,
      }
    : null;

  if (loading && !map && !noMap && offline === null) return <Loader m="md" data-testid="map-loading" />;

  return (
    <Stack gap="sm" p={{ base: 'xs', sm: 'md' }} data-testid="location-map" style={{ minWidth: 0 }}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={2} style={{ overflowWrap: 'anywhere' }}>
          {label ? t('map.title', { label }) : t('map.open')}
        </Title>
        <Button
          variant="default"
          size={back ? 'md' : 'sm'}
          onClick={() => navigate(back ?? `/storage-spaces/${id}`)}
          data-testid="map-back"
        >
          {back ? t('map.backToOrder') : t('map.back')}
        </Button>
      </Group>
      {offline === 'none' ? (
        <Alert color="orange" data-testid="map-not-offline">
          {t('map.notOffline')}
        </Alert>
      ) : offline ? (
        <Text size="sm" c="dimmed" data-testid="map-offline-copy">
          {t('map.offlineCopy', { time: new Date(offline).toLocaleString(i18n.language) })}
        </Text>
      ) : null}
      {error ? (
        <Alert color="red" withCloseButton onClose={() => setError(null)} data-testid="map-error">
          {error}
        </Alert>
      ) : null}
      {notice ? (
        <Text size="sm" c="dimmed" role="status" data-testid="map-notice">
          {notice}
        </Text>
      ) : null}
      {noMap ? (
        <Alert color="gray" data-testid="map-missing">
          {t('errors:locationHasNoMap')}
        </Alert>
      ) : null}
      {canMove && (noMap || settingsOpen) ? (
        <Paper withBorder p="sm">
          <MapSettingsForm map={map} busy={busy} onSave={(s) => void save(s)} />
        </Paper>
      ) : null}
      {map && svgUrl ? (
        <>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Group gap={4}>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('map.zoomOut')}
                disabled={zoom === zooms[0]}
                onClick={() =>
                  setZoom((z) => zooms[Math.max(0, zooms.indexOf(z as (typeof zooms)[number]) - 1)] ?? 1)
                }
                data-testid="map-zoom-out"
              >
                −
              </ActionIcon>
              <Text size="sm" w={48} ta="center" data-testid="map-zoom">
                {Math.round(zoom * 100)} %
              </Text>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('map.zoomIn')}
                disabled={zoom === zooms[zooms.length - 1]}
                onClick={() =>
                  setZoom(
                    (z) =>
                      zooms[Math.min(zooms.length - 1, zooms.indexOf(z as (typeof zooms)[number]) + 1)] ?? z,
                  )
                }
                data-testid="map-zoom-in"
              >
                +
              </ActionIcon>
            </Group>
            {canMove ? (
              <Button
                variant="default"
                size="xs"
                onClick={() => setSettingsOpen((o) => !o)}
                data-testid="map-open-settings"
              >
                {t('map.settings')}
              </Button>
            ) : null}
          </Group>
          {highlightId && places.some((p) => p.id === highlightId) ? (
            <Badge color="violet" variant="light" data-testid="map-highlight-note">
              {t('map.next', { label: places.find((p) => p.id === highlightId)?.label ?? '' })}
            </Badge>
          ) : null}
          <MapCanvas
            svgUrl={svgUrl}
            label={label}
            bounds={map.bounds}
            places={places}
            zoom={zoom}
            selectedId={selectedId}
            highlightId={highlightId}
            canMove={canMove}
            onSelect={select}
            onPlace={(childId, x, y) => void place(childId, x, y)}
            mapDrag={mapDrag}
          />
          <Legend />
          {selected ? (
            <PlaceDetails
              place={selected}
              onInventory={() => navigate(`/inventory?f.locationId=${encodeURIComponent(selected.id)}`)}
            />
          ) : null}
          {places.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="map-no-children">
              {t('map.noChildren')}
            </Text>
          ) : (
            <Paper withBorder p="sm" data-testid="map-unplaced">
              <Text size="sm" fw={500}>
                {t('map.unplaced')}
              </Text>
              {unplaced.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('map.allPlaced')}
                </Text>
              ) : (
                <>
                  {canMove ? (
                    <Text size="xs" c="dimmed" mb={4}>
                      {t('map.unplacedHint')}
                    </Text>
                  ) : null}
                  <Group gap="xs">
                    {unplaced.map((p) => (
                      <Group key={p.id} gap={4} wrap="nowrap" data-testid="map-unplaced-item" data-id={p.id}>
                        <Box
                          component="span"
                          data-testid="map-unplaced-handle"
                          onPointerDown={(e) => (canMove ? mapDrag.startDrag(p.id, e) : undefined)}
                          style={{
                            ...markerStyle(p.fill),
                            padding: '2px 8px',
                            borderRadius: 12,
                            fontSize: 12,
                            fontWeight: 600,
                            cursor: canMove ? 'grab' : 'default',
                            touchAction: canMove ? 'none' : 'auto',
                            userSelect: 'none',
                            overflowWrap: 'anywhere',
                          }}
                        >
                          {p.label}
                        </Box>
                        {canMove && centre ? (
                          <Button
                            size="compact-xs"
                            variant="default"
                            aria-label={t('map.placeLabel', { label: p.label })}
                            onClick={() => void place(p.id, centre.x, centre.y)}
                            data-testid="map-place-centre"
                          >
                            {t('map.place')}
                          </Button>
                        ) : null}
                      </Group>
                    ))}
                  </Group>
                </>
              )}
            </Paper>
          )}
        </>
      ) : null}
    </Stack>
  );
};

/** What each colour means. */
const Legend = (): ReactNode => {
  const { t } = useTranslation('infrastructure');
  return (
    <Group gap={6} data-testid="map-legend">
      {fillBands.map((band) => (
        <Box
          key={band}
          component="span"
          style={{ ...markerStyle(band), padding: '0 6px', borderRadius: 10, fontSize: 11 }}
        >
          {t(`map.fill.${band}`)}
        </Box>
      ))}
    </Group>
  );
};

/** The chosen location's stock and fill, with the way to its inventory. */
const PlaceDetails = ({ place, onInventory }: { place: MapPlace; onInventory: () => void }): ReactNode => {
  const { t, i18n } = useTranslation('infrastructure');
  const number = (v: number) => v.toLocaleString(i18n.language, { maximumFractionDigits: 3 });
  return (
    <Paper withBorder p="sm" data-testid="map-details">
      <Stack gap={4} align="flex-start">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="map-details-label">
          {place.label}
        </Text>
        <Text size="sm" data-testid="map-details-stock">
          {t('map.stock', { quantity: number(place.quantity) })}
        </Text>
        <Text size="sm" data-testid="map-details-load">
          {place.capacityKg === null
            ? t('map.loadNoCapacity', { load: number(place.loadKg) })
            : t('map.load', {
                load: number(place.loadKg),
                capacity: number(place.capacityKg),
                percent: place.percent ?? 0,
              })}
        </Text>
        <Badge variant="light" color={fillColours[place.fill]}>
          {t(`map.fill.${place.fill}`)}
        </Badge>
        <Button size="xs" variant="default" onClick={onInventory} data-testid="map-details-inventory">
          {t('locations.showInventory')}
        </Button>
      </Stack>
    </Paper>
  );
};
