import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { definitionByName } from '../../resources/registry';
import { resourceApi, type SelectOption } from '../../resources/resourceApi';

/** A search box that adds a record to a list (recipients): each pick is handed over and the box empties. */
export const PickRecord = ({
  refName,
  placeholder,
  onPick,
  testId,
}: {
  readonly refName: string;
  readonly placeholder: string;
  readonly onPick: (option: SelectOption) => void;
  readonly testId: string;
}): ReactNode => {
  const { t } = useTranslation('resources');
  const target = definitionByName(refName);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(false);
  const [options, setOptions] = useState<SelectOption[]>([]);
  const [debounced] = useDebouncedValue(search, 250);

  useEffect(() => {
    if (!active || !target) return;
    let cancelled = false;
    resourceApi
      .select(target, debounced)
      .then((found) => {
        if (!cancelled) setOptions(found);
      })
      .catch(() => {
        if (!cancelled) setOptions([]);
      });
    return () => {
      cancelled = true;
    };
  }, [active, target, debounced]);

  return (
    <Select
      data={options.map((o) => ({ value: o.id, label: o.title }))}
      value={null}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setActive(true)}
      filter={({ options: all }) => all}
      placeholder={placeholder}
      aria-label={placeholder}
      nothingFoundMessage={t('generic.nothingFound')}
      onChange={(id, option) => {
        if (id && option) onPick({ id, title: option.label });
        setSearch('');
      }}
      data-testid={testId}
    />
  );
};
