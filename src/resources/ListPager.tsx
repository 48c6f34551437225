import { Group, Pagination, Select, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListState, type PageSize, pageCount, pageSizes } from './listState';

export interface ListPagerProps {
  readonly state: ListState;
  readonly total: number;
  readonly onStateChange: (next: ListState) => void;
  /** data-testid prefix: `<prefix>pagination`, `<prefix>page-size` (default `resource-`). */
  readonly testIdPrefix?: string;
}

/** Page buttons and the page-size choice under a list. */
export const ListPager = ({
  state,
  total,
  onStateChange,
  testIdPrefix = 'resource-',
}: ListPagerProps): ReactNode => {
  const { t } = useTranslation(['resources']);
  const pages = pageCount(total, state.pageSize);
  return (
    <Group justify="space-between" wrap="wrap">
      <Pagination
        total={pages}
        value={Math.min(state.page, pages)}
        onChange={(p) => onStateChange({ ...state, page: p })}
        data-testid={`${testIdPrefix}pagination`}
      />
      <Group gap="xs">
        <Text size="sm">{t('resources:generic.pageSize')}</Text>
        <Select
          w={90}
          data={pageSizes.map(String)}
          value={String(state.pageSize)}
          onChange={(v) => v && onStateChange({ ...state, page: 1, pageSize: Number(v) as PageSize })}
          allowDeselect={false}
          aria-label={t('resources:generic.pageSize')}
          data-testid={`${testIdPrefix}page-size`}
        />
      </Group>
    </Group>
  );
};
