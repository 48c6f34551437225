import { Alert, Button, Group, Modal, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/http';
import { errorMessage } from '../../i18n/i18n';
import type { PreviewExtraProps } from '../../resources/extensions';
import { RefSelect } from '../../resources/RefSelect';
import { breakdownRows, type WhyThisPrice as WhyAnswer } from './priceBreakdown';

type Who = 'client' | 'group';

const money = (value: number, currency: string, lng: string): string =>
  new Intl.NumberFormat(lng, { style: 'currency', currency, maximumFractionDigits: 4 }).format(value);

/** The breakdown of one price: each line of the engine with its amount, and the price they add up to. */
const Breakdown = ({ answer }: { readonly answer: WhyAnswer }): ReactNode => {
  const { t, i18n } = useTranslation('catalyst');
  const { breakdown } = answer;
  const currency = breakdown.currency;
  return (
    <Stack gap="xs" data-testid="catalyst-why-result">
      <Text size="sm">
        {t('why.group', { name: answer.group.name ?? t('why.noGroup') })} ·{' '}
        {t('why.weights', { wet: breakdown.wetWeight, dry: breakdown.dryWeight })}
      </Text>
      {answer.hiddenFromClients && (
        <Alert color="yellow" p="xs" data-testid="catalyst-why-hidden">
          {t('why.hidden')}
        </Alert>
      )}
      {breakdown.missing.map((m) => (
        <Alert key={m.shortName} color="red" p="xs">
          {t(`why.missing.${m.missing}`, { metal: m.shortName })}
        </Alert>
      ))}
      <Table.ScrollContainer minWidth={300}>
        <Table striped withRowBorders={false} fz="sm">
          <Table.Tbody>
            {breakdownRows(breakdown).map((row) => (
              <Table.Tr key={row.key} data-testid={`catalyst-why-line-${row.label}`}>
                <Table.Td>{t(`why.lines.${row.label}`, row.params)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(row.value, currency, i18n.language)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>{t('why.price')}</Table.Th>
              <Table.Th ta="right" data-testid="catalyst-why-price" style={{ whiteSpace: 'nowrap' }}>
                {breakdown.price === null
                  ? t('why.noPrice')
                  : money(breakdown.price, currency, i18n.language)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
};

/**
 * "Why this price", in a catalyst's preview: staff pick a client account (its group and individual rules) or a
 * client group and see the engine's breakdown of this catalyst's price for them.
 */
export const WhyThisPrice = ({ row }: PreviewExtraProps): ReactNode => {
  const { t } = useTranslation(['catalyst', 'errors']);
  const [open, setOpen] = useState(false);
  const [who, setWho] = useState<Who>('client');
  const [chosen, setChosen] = useState<string | null>(null);
  const [answer, setAnswer] = useState<WhyAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    setAnswer(null);
    setFailure(null);
    if (!open || !chosen) return;
    let cancelled = false;
    api
      .get<WhyAnswer>(`/api/catalyst/catalyst/${encodeURIComponent(row.id)}/why`, {
        [who === 'client' ? 'clientUserId' : 'userGroupId']: chosen,
      })
      .then((found) => {
        if (!cancelled) setAnswer(found);
      })
      .catch((error: unknown) => {
        if (!cancelled) setFailure(errorMessage(t, error));
      });
    return () => {
      cancelled = true;
    };
  }, [open, chosen, who, row.id, t]);

  return (
    <Paper withBorder p="sm" radius="md">
      <Button variant="light" onClick={() => setOpen(true)} data-testid="catalyst-why-open">
        {t('why.open')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('why.title')} size="lg">
        <Stack gap="sm">
          <SegmentedControl
            value={who}
            onChange={(value) => {
              setWho(value as Who);
              setChosen(null);
            }}
            data={[
              { value: 'client', label: t('why.forClient') },
              { value: 'group', label: t('why.forGroup') },
            ]}
            data-testid="catalyst-why-who"
          />
          <Group grow>
            <RefSelect
              key={who}
              refName={who === 'client' ? 'catalystClientUser' : 'catalystUserGroup'}
              value={chosen}
              onChange={setChosen}
              label={who === 'client' ? t('why.client') : t('why.clientGroup')}
              data-testid="catalyst-why-target"
            />
          </Group>
          {failure && (
            <Alert color="red" p="xs">
              {failure}
            </Alert>
          )}
          {answer ? <Breakdown answer={answer} /> : !failure && <Text c="dimmed">{t('why.choose')}</Text>}
        </Stack>
      </Modal>
    </Paper>
  );
};
