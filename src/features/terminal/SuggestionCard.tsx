import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useReplicaQuery } from '../../db/useReplicaQuery';
import type { FlowKind } from './data/flowKinds';
import type { LocationPick } from './data/resolveScan';
import { fefoSource, putawaySuggestion } from './data/stockSuggestions';
import { quantityText } from './terminalTexts';

export interface SuggestionCardProps {
  readonly kind: FlowKind;
  readonly productId: string;
  readonly productIndex: string;
  readonly quantity: number;
  /** Where the order wants the goods (a receipt order's dock), shown first. */
  readonly orderLocation?: LocationPick | null;
  /** Tapping a suggested location takes it as scanned (a damaged label). */
  readonly onUse: (location: LocationPick) => void;
}

const shown = 3;

/**
 * Where to go: for a release or a pick the FEFO source (earliest expiry first, with how much to take from each
 * place), for a receipt the putaway suggestion (the order's own place, then the product's default, places
 * holding it, empty ones). Read from the replica, so it follows what this device already recorded.
 */
export const SuggestionCard = ({
  kind,
  productId,
  productIndex,
  quantity,
  orderLocation,
  onUse,
}: SuggestionCardProps): ReactNode => {
  const { t, i18n } = useTranslation('terminal');
  const takes = kind === 'release' || kind === 'picking';
  const fefo = useReplicaQuery(
    (tx) => (takes ? fefoSource(tx, productId, quantity) : Promise.resolve(null)),
    [takes, productId, quantity],
  );
  const putaway = useReplicaQuery(
    (tx) => (takes ? Promise.resolve(null) : putawaySuggestion(tx, productId, quantity)),
    [takes, productId, quantity],
  );
  if (kind === 'verify') return null;
  const rows: { location: LocationPick; text: string; key: string }[] = [];
  if (fefo)
    for (const pick of fefo.picks.slice(0, shown))
      rows.push({
        key: JSON.stringify(pick.candidate.key),
        location: { id: pick.candidate.location.id, label: pick.candidate.location.label },
        text: pick.candidate.key.expDate
          ? t('suggestion.takeWithExpiry', {
              quantity: quantityText(pick.take, i18n.language),
              date: pick.candidate.key.expDate,
            })
          : t('suggestion.take', { quantity: quantityText(pick.take, i18n.language) }),
      });
  if (orderLocation)
    rows.push({ key: `order:${orderLocation.id}`, location: orderLocation, text: t('suggestion.fromOrder') });
  if (putaway)
    for (const s of putaway.filter((p) => p.location.id !== orderLocation?.id).slice(0, shown))
      rows.push({
        key: s.location.id,
        location: { id: s.location.id, label: s.location.label },
        text: t(`suggestion.reasons.${s.reason}`),
      });
  const missing = fefo?.missing ?? 0;
  return (
    <Card withBorder padding="sm" radius="md" data-testid="terminal-suggestion">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {takes
            ? t('suggestion.titleTake', { product: productIndex })
            : t('suggestion.titlePut', { product: productIndex })}
        </Text>
        {rows.length === 0 && (fefo || putaway) ? (
          <Text size="sm" c="red" data-testid="terminal-suggestion-none">
            {takes ? t('suggestion.noStock') : t('suggestion.noPlace')}
          </Text>
        ) : null}
        {rows.map((row, i) => (
          <Group key={row.key} justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text
                fw={700}
                fz="lg"
                style={{ overflowWrap: 'anywhere' }}
                data-testid={i === 0 ? 'terminal-suggestion-location' : undefined}
              >
                {row.location.label}
              </Text>
              <Text size="sm" c="dimmed">
                {row.text}
              </Text>
            </Stack>
            <Button
              variant="light"
              size="md"
              mih={48}
              style={{ flexShrink: 0 }}
              onClick={() => onUse(row.location)}
              data-testid="terminal-suggestion-use"
            >
              {t('suggestion.use')}
            </Button>
          </Group>
        ))}
        {missing > 0 && rows.length > 0 ? (
          <Badge color="orange" variant="light">
            {t('suggestion.short', { quantity: quantityText(missing, i18n.language) })}
          </Badge>
        ) : null}
      </Stack>
    </Card>
  );
};
