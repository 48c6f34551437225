import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../domain/resources/listColumns';
import type { ListColumns } from './useListColumns';

export interface ColumnChooserProps {
  readonly columns: ListColumns<ListColumn>;
  readonly fieldLabel: (name: string) => string;
  /** data-testid of the button; the panel is `<testId>-panel`, each box `<testId>-<field>`. */
  readonly testId: string;
}

/** Lets the user hide and show a list's columns; the first one names the row and always stays. */
export const ColumnChooser = ({ columns, fieldLabel, testId }: ColumnChooserProps): ReactNode => {
  const { t } = useTranslation('resources');
  const { all, shown, hidden, toggle, savable } = columns;
  if (!savable) return null;
  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Button variant="default" data-testid={testId}>
          {t('resources:generic.columns', { shown: shown.length, count: all.length })}
        </Button>
      </Popover.Target>
      <Popover.Dropdown maw="calc(100vw - 24px)" data-testid={`${testId}-panel`}>
        <Stack gap="xs">
          <Text size="xs" c="dimmed" maw={260}>
            {t('resources:generic.columnsHint')}
          </Text>
          {all.map(([name], index) => (
            <Checkbox
              key={name}
              label={fieldLabel(name)}
              checked={index === 0 || !hidden.includes(name)}
              disabled={index === 0}
              onChange={() => toggle(name)}
              data-testid={`${testId}-${name}`}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
};
