import { Alert, Badge, Button, Card, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { catalogueView } from '../../../domain/portal/catalogueView';
import { errorMessage } from '../../i18n/i18n';
import { DebouncedTextInput } from '../../resources/DebouncedTextInput';
import { ListPager } from '../../resources/ListPager';
import { setColumnFilter } from '../../resources/listState';
import { usePagedList } from '../../resources/usePagedList';
import { quantityText } from '../terminal/terminalTexts';
import { useBasketCount } from './basketStore';
import { type CatalogueEntry, type ProductGroupEntry, portalApi } from './portalApi';
import { portalPaths } from './portalPaths';
import { QuantityStepper } from './QuantityStepper';
import { useShortfallText } from './useShortfallText';

/** One product: what it is, what can be ordered now, a stepper and the button that puts it in the basket. */
const ProductCard = ({
  entry,
  onAdded,
}: {
  readonly entry: CatalogueEntry;
  readonly onAdded: () => void;
}): ReactNode => {
  const { t, i18n } = useTranslation('portal');
  const shortfall = useShortfallText();
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const unit = entry.unit ?? '';
  const room = Math.max(0, Math.round((entry.available - entry.inBasket) * 1e6) / 1e6);
  const add = async () => {
    setBusy(true);
    try {
      await portalApi.add(entry.productId, quantity);
      notifications.show({
        color: 'teal',
        message: t('catalogue.added', {
          quantity: quantityText(quantity, i18n.language),
          unit,
          name: entry.name,
        }),
      });
      setQuantity(1);
      onAdded();
    } catch (error) {
      notifications.show({ color: 'red', message: shortfall(error) ?? errorMessage(t, error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder radius="md" padding="md" data-testid="portal-product" data-index={entry.index}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {entry.name}
            </Text>
            <Text size="sm" c="dimmed">
              {entry.index}
              {unit ? ` · ${unit}` : ''}
            </Text>
          </div>
          {entry.inBasket > 0 && (
            <Badge variant="light" data-testid="portal-product-in-basket">
              {t('catalogue.inBasket', { quantity: quantityText(entry.inBasket, i18n.language) })}
            </Badge>
          )}
        </Group>
        {entry.description && <Text size="sm">{entry.description}</Text>}
        {entry.portalComment && (
          <Text size="sm" c="dimmed" fs="italic" data-testid="portal-product-comment">
            {entry.portalComment}
          </Text>
        )}
        <Text
          size="sm"
          c={entry.available > 0 ? undefined : 'red'}
          data-testid="portal-product-available"
          data-available={entry.available}
        >
          {entry.available > 0
            ? t('catalogue.available', { quantity: quantityText(entry.available, i18n.language), unit })
            : t('catalogue.notAvailable')}
        </Text>
        {entry.available > 0 && (
          <Group justify="space-between" wrap="wrap" gap="xs">
            <QuantityStepper
              value={quantity}
              onChange={setQuantity}
              max={room > 0 ? room : undefined}
              label={entry.name}
              testId="portal-product-quantity"
            />
            <Button
              size="md"
              onClick={add}
              loading={busy}
              disabled={room <= 0}
              data-testid="portal-product-add"
            >
              {t('catalogue.add')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
};

/** /portal/new-order: the contractor's products, searched and filtered by group, each put in the basket. */
export const CataloguePage = (): ReactNode => {
  const { t } = useTranslation('portal');
  const lines = useBasketCount((s) => s.lines);
  const refreshBasket = useBasketCount((s) => s.refresh);
  const [groups, setGroups] = useState<ProductGroupEntry[]>([]);
  const list = usePagedList<CatalogueEntry>(catalogueView, (state) =>
    portalApi.catalogue({
      PageNumber: String(state.page),
      PageSize: String(state.pageSize),
      ...(state.search.trim() ? { search: state.search.trim() } : {}),
      ...(state.filters.mainGroupId?.value ? { groupId: state.filters.mainGroupId.value } : {}),
    }),
  );
  const { state, update, rows, total, loading, error, refresh } = list;
  useEffect(() => {
    void refreshBasket();
    portalApi
      .groups()
      .then((r) => setGroups(r.results))
      .catch(() => setGroups([]));
  }, [refreshBasket]);

  return (
    <Stack gap="md" data-testid="portal-catalogue">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('catalogue.title')}</Title>
        <Button
          component={Link}
          to={portalPaths.basket}
          variant="filled"
          size="md"
          data-testid="portal-basket-button"
        >
          {t('catalogue.basket', { count: lines ?? 0 })}
        </Button>
      </Group>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <DebouncedTextInput
          value={state.search}
          onCommit={(search) => update({ ...state, page: 1, search }, true)}
          placeholder={t('catalogue.search')}
          aria-label={t('catalogue.search')}
          data-testid="portal-catalogue-search"
          w={{ base: '100%', sm: 280 }}
        />
        <Select
          data={groups.map((g) => ({ value: g.id, label: `${g.name} (${g.products})` }))}
          value={state.filters.mainGroupId?.value ?? null}
          onChange={(value) =>
            update(setColumnFilter(state, 'mainGroupId', { value: value ?? undefined }), true)
          }
          placeholder={t('catalogue.allGroups')}
          aria-label={t('catalogue.group')}
          clearable
          w={{ base: '100%', sm: 240 }}
          data-testid="portal-catalogue-group"
        />
        <Text size="sm" c="dimmed" data-testid="portal-catalogue-total">
          {t('catalogue.total', { count: total })}
        </Text>
      </Group>
      {error && (
        <Alert color="red" data-testid="portal-catalogue-error">
          {error}
        </Alert>
      )}
      {loading && rows.length === 0 ? (
        <Loader />
      ) : rows.length === 0 ? (
        <Text c="dimmed" data-testid="portal-catalogue-empty">
          {state.search || state.filters.mainGroupId ? t('catalogue.noMatches') : t('catalogue.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          {rows.map((entry) => (
            <ProductCard
              key={entry.productId}
              entry={entry}
              onAdded={() => {
                void refreshBasket();
                refresh();
              }}
            />
          ))}
        </Stack>
      )}
      <ListPager state={state} total={total} onStateChange={update} testIdPrefix="portal-catalogue-" />
    </Stack>
  );
};
