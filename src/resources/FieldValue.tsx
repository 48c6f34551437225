import { Anchor, Badge, Code, ColorSwatch, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../domain/resources/types';
import { formatValue } from './format';

export interface FieldValueProps {
  readonly def: ResourceDefinition;
  readonly field: string;
  readonly row: Readonly<Record<string, unknown>>;
  readonly refTitles?: ReadonlyMap<string, string>;
  /** Compact rendering for table cells. */
  readonly compact?: boolean;
}

/** One field value rendered by its kind (✓/✗ for booleans, badges for lists, a swatch for colours). */
export const FieldValue = ({ def, field, row, refTitles, compact = false }: FieldValueProps): ReactNode => {
  const { t } = useTranslation(['resources', 'errors']);
  const f = def.fields[field];
  const value = row[field];
  if (f?.kind === 'boolean') {
    if (value !== true && value !== false) return null;
    return (
      <Text
        component="span"
        c={value ? 'green' : 'red'}
        fw={700}
        aria-label={t(value ? 'resources:generic.yes' : 'resources:generic.no')}
        data-value={String(value)}
      >
        {value ? '✓' : '✗'}
      </Text>
    );
  }
  const text = formatValue(def, field, row, { t, refTitles });
  if (text === '') return null;
  if ((f?.kind === 'enumList' || f?.kind === 'tags') && Array.isArray(value)) {
    return (
      <Group gap={4} wrap={compact ? 'nowrap' : 'wrap'}>
        {value.map((item) => (
          <Badge key={String(item)} size="sm" variant="light">
            {formatValue(def, field, { [field]: [item] }, { t })}
          </Badge>
        ))}
      </Group>
    );
  }
  switch (f?.kind) {
    case 'color':
      return (
        <Group gap={6} wrap="nowrap">
          <ColorSwatch color={text} size={14} />
          <Text component="span" size="sm">
            {text}
          </Text>
        </Group>
      );
    case 'url':
      return (
        <Anchor href={text} target="_blank" rel="noreferrer" size="sm" onClick={(e) => e.stopPropagation()}>
          {text}
        </Anchor>
      );
    case 'email':
      return (
        <Anchor href={`mailto:${text}`} size="sm" onClick={(e) => e.stopPropagation()}>
          {text}
        </Anchor>
      );
    case 'json':
      return compact ? (
        <Text component="span" size="sm" lineClamp={1}>
          {text}
        </Text>
      ) : (
        <Code block>{JSON.stringify(value, null, 2)}</Code>
      );
    case 'text':
      return (
        <Text
          component="span"
          size="sm"
          lineClamp={compact ? 2 : undefined}
          style={{ whiteSpace: 'pre-wrap' }}
        >
          {text}
        </Text>
      );
    default:
      return (
        <Text component="span" size="sm">
          {text}
        </Text>
      );
  }
};
