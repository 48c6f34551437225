import { ColorSwatch, Group, MultiSelect, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { tagResource } from '../../../domain/resources/definitions/tag';
import { defaultListState } from '../../resources/listState';
import { resourceApi } from '../../resources/resourceApi';

export interface TagPickerProps {
  readonly label: string;
  readonly error?: string | undefined;
  readonly required: boolean;
  readonly name: string;
  readonly 'data-testid': string;
  readonly value: readonly string[];
  readonly onChange: (value: string[]) => void;
}

/** Tags of a record picked from the tag dictionary, each shown with its colour; tags no longer there stay. */
export const TagPicker = ({ value, onChange, ...common }: TagPickerProps): ReactNode => {
  const [colors, setColors] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    let cancelled = false;
    resourceApi
      .list(tagResource, { ...defaultListState(tagResource), pageSize: 100 })
      .then((page) => {
        if (cancelled) return;
        setColors(new Map(page.results.map((r) => [String(r.name), String(r.color ?? '')])));
      })
      // Without the dictionary the record's own tags can still be kept or removed.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);
  const data = [...new Set([...colors.keys(), ...value])];
  return (
    <MultiSelect
      {...common}
      data={data}
      value={[...value]}
      onChange={onChange}
      searchable
      clearable
      renderOption={({ option }) => (
        <Group gap={6} wrap="nowrap">
          <ColorSwatch color={colors.get(option.value) || '#adb5bd'} size={12} />
          <Text size="sm">{option.value}</Text>
        </Group>
      )}
    />
  );
};
