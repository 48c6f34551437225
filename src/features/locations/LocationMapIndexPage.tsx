import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { errorMessage } from '../../i18n/i18n';
import { type LocationNode, locationApi } from './locationApi';

const mapPath = (id: string): string => `/storage-spaces/${encodeURIComponent(id)}/map`;

/**
 * /storage-spaces/map, the menu's "warehouse map": the top-level locations (warehouses, halls), each opening its
 * map; a company with one goes straight to it.
 */
export const LocationMapIndexPage = (): ReactNode => {
  const { t } = useTranslation(['infrastructure', 'common', 'errors']);
  const navigate = useNavigate();
  const [tops, setTops] = useState<readonly LocationNode[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    locationApi.children(null).then(
      (nodes) => live && setTops(nodes),
      (e: unknown) => live && setError(errorMessage(t, e)),
    );
    return () => {
      live = false;
    };
  }, [t]);

  const only = tops?.length === 1 ? tops[0] : undefined;
  if (only) return <Navigate to={mapPath(only.id)} replace />;
  return (
    <Stack gap="sm" p={{ base: 'xs', sm: 'md' }} data-testid="location-map-index">
      <Title order={2}>{t('common:menu.items.locationMap')}</Title>
      {error ? (
        <Alert color="red" data-testid="map-index-error">
          {error}
        </Alert>
      ) : tops === null ? (
        <Loader />
      ) : tops.length === 0 ? (
        <Text c="dimmed">{t('map.noLocations')}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('map.chooseHint')}
          </Text>
          {tops.map((node) => (
            <Button
              key={node.id}
              variant="default"
              justify="flex-start"
              onClick={() => navigate(mapPath(node.id))}
              styles={{ label: { overflowWrap: 'anywhere', whiteSpace: 'normal' } }}
              data-testid="map-index-location"
              data-id={node.id}
            >
              {node.label}
            </Button>
          ))}
        </>
      )}
    </Stack>
  );
};
