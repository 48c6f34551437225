import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { catalystResource } from '../../../domain/resources/definitions/catalyst';
import { DebouncedTextInput } from '../../resources/DebouncedTextInput';
import { ListPager } from '../../resources/ListPager';
import { type ListState, setColumnFilter } from '../../resources/listState';
import { RefSelect } from '../../resources/RefSelect';
import { ResourceListPage } from '../../resources/ResourceListPage';
import { ResourcePreview } from '../../resources/ResourcePreview';
import { type Row, resourceApi } from '../../resources/resourceApi';
import { usePagedList } from '../../resources/usePagedList';
import { useRefTitles } from '../../resources/useRefTitles';
import { useResourceAccess } from '../../resources/useResourceAccess';
import { useAuthStore } from '../../state/authStore';
import { useRightDrawer } from '../../ui/useRightDrawer';
import { authorizedFileUrl } from '../products/fileUrl';

type View = 'grid' | 'list';
const viewKey = 'aisle.catalystCatalogueView';
const def = catalystResource;
const refFields = ['producerId', 'catalystGroupId'] as const;

const storedView = (): View => {
  try {
    return globalThis.localStorage?.getItem(viewKey) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
};

const filterValue = (state: ListState, field: string): string | null => state.filters[field]?.value ?? null;

/** One catalyst as a card: its photo (or a placeholder), name, serial numbers, producer and group. */
const CatalystCard = ({
  row,
  titles,
  onOpen,
}: {
  readonly row: Row;
  readonly titles: ReadonlyMap<string, string>;
  readonly onOpen: () => void;
}): ReactNode => {
  const { t } = useTranslation('catalyst');
  const token = useAuthStore((s) => s.token);
  const [broken, setBroken] = useState(false);
  const imageUrl = typeof row.imageUrl === 'string' && row.imageUrl !== '' ? row.imageUrl : null;
  const serials = Array.isArray(row.serialNumbers) ? row.serialNumbers.map(String) : [];
  const producer = typeof row.producerId === 'string' ? titles.get(row.producerId) : undefined;
  const group = typeof row.catalystGroupId === 'string' ? titles.get(row.catalystGroupId) : undefined;
  return (
    <Card
      withBorder
      padding="xs"
      radius="md"
      component="button"
      type="button"
      onClick={onOpen}
      style={{ textAlign: 'left', cursor: 'pointer' }}
      data-testid="catalyst-card"
      aria-label={String(row.name ?? '')}
    >
      <Card.Section>
        {imageUrl && !broken ? (
          <Image
            src={authorizedFileUrl(imageUrl, token)}
            h={120}
            fit="cover"
            alt={String(row.name ?? '')}
            onError={() => setBroken(true)}
            data-testid="catalyst-card-photo"
          />
        ) : (
          <Stack h={120} justify="center" align="center" bg="var(--mantine-color-gray-1)">
            <Text size="xs" c="dimmed">
              {t('catalogue.noPhoto')}
            </Text>
          </Stack>
        )}
      </Card.Section>
      <Stack gap={2} mt="xs">
        <Text fw={600} size="sm" lineClamp={2}>
          {String(row.name ?? '')}
        </Text>
        {serials.length > 0 && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {serials.join(', ')}
          </Text>
        )}
        <Group gap={4}>
          {producer && <Badge size="xs">{producer}</Badge>}
          {group && (
            <Badge size="xs" variant="outline">
              {group}
            </Badge>
          )}
          {row.hiddenFromClients === true && (
            <Badge size="xs" color="gray">
              {t('catalogue.hidden')}
            </Badge>
          )}
        </Group>
      </Stack>
    </Card>
  );
};

/** The photo grid: search by name or serial number, producer and group filters, pages; a card opens the preview. */
const PhotoGrid = (): ReactNode => {
  const { t } = useTranslation(['catalyst', 'resources']);
  const drawer = useRightDrawer();
  const list = usePagedList<Row>(def, (state) => resourceApi.list(def, state));
  const { state, update, rows, total, loading, error, refresh } = list;
  const titles = useRefTitles(def, refFields, rows);
  const setFilter = (field: string, value: string | null) =>
    update({ ...setColumnFilter(state, field, value ? { value } : {}), page: 1 }, true);

  const open = (row: Row) =>
    drawer.open(
      <ResourcePreview
        def={def}
        id={row.id}
        onEdit={() => drawer.close()}
        onDeleted={() => {
          drawer.close();
          refresh();
        }}
      />,
      { title: t('resources:catalyst.one') },
    );

  return (
    <Stack gap="sm" data-testid="catalyst-grid">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <DebouncedTextInput
          value={filterValue(state, 'searchText') ?? ''}
          onCommit={(value) => setFilter('searchText', value.trim() === '' ? null : value.trim())}
          label={t('catalogue.search')}
          w={{ base: '100%', sm: 260 }}
          data-testid="catalyst-grid-search"
        />
        <RefSelect
          refName="catalystProducer"
          value={filterValue(state, 'producerId')}
          onChange={(value) => setFilter('producerId', value)}
          label={t('resources:catalyst.fields.producerId')}
          data-testid="catalyst-grid-producer"
        />
        <RefSelect
          refName="catalystGroup"
          value={filterValue(state, 'catalystGroupId')}
          onChange={(value) => setFilter('catalystGroupId', value)}
          label={t('resources:catalyst.fields.catalystGroupId')}
          data-testid="catalyst-grid-group"
        />
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      {loading && rows.length === 0 ? (
        <Loader size="sm" />
      ) : rows.length === 0 ? (
        <Text c="dimmed" data-testid="catalyst-grid-empty">
          {t('catalogue.none')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} spacing="sm">
          {rows.map((row) => (
            <CatalystCard key={row.id} row={row} titles={titles} onOpen={() => open(row)} />
          ))}
        </SimpleGrid>
      )}
      <Text size="sm" c="dimmed" data-testid="catalyst-grid-count">
        {t('catalogue.count', { count: total })}
      </Text>
      <ListPager
        state={state}
        total={total}
        onStateChange={(next) => update(next)}
        testIdPrefix="catalyst-grid-"
      />
    </Stack>
  );
};

/**
 * The general catalogue: the catalysts as a photo grid (search by name or serial number, filters by producer and
 * group) or as the generic list with its columns, filters and exports. Both read the same filters from the address,
 * so switching keeps them; the choice of view is remembered on this device.
 */
export const CatalystCataloguePage = (): ReactNode => {
  const { t } = useTranslation(['catalyst', 'resources']);
  const [view, setView] = useState<View>(storedView);
  const access = useResourceAccess(def);
  const choose = (next: string) => {
    const value: View = next === 'list' ? 'list' : 'grid';
    setView(value);
    try {
      globalThis.localStorage?.setItem(viewKey, value);
    } catch {
      // Private mode: the choice lasts for this visit only.
    }
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        {view === 'grid' ? <Title order={2}>{t('resources:catalyst.title')}</Title> : <span />}
        <Group gap="xs" wrap="wrap">
          {access.canWrite && (
            <Button component={Link} to={`/${def.route}/new`} data-testid="catalyst-add">
              {t('resources:generic.add')}
            </Button>
          )}
          <SegmentedControl
            value={view}
            onChange={choose}
            data={[
              { value: 'grid', label: t('catalogue.grid') },
              { value: 'list', label: t('catalogue.list') },
            ]}
            data-testid="catalyst-view"
          />
        </Group>
      </Group>
      {view === 'grid' ? <PhotoGrid /> : <ResourceListPage def={def} />}
    </Stack>
  );
};
