import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { definitionByName } from './registry';
import { resourceApi, type SelectOption } from './resourceApi';

export interface RefSelectProps {
  /** Name of the referenced resource. */
  readonly refName: string;
  readonly value: string | null;
  readonly onChange: (value: string | null) => void;
  readonly label?: ReactNode;
  readonly placeholder?: string;
  readonly error?: ReactNode;
  readonly required?: boolean;
  readonly disabled?: boolean;
  readonly size?: 'xs' | 'sm' | 'md';
  readonly name?: string;
  /** Title of the current value when the caller already knows it. */
  readonly initialTitle?: string;
  readonly 'data-testid'?: string;
  readonly 'aria-label'?: string;
}

/** A searchable select of rows of another resource, loaded from `GET /api/<path>/select?search=`. */
export const RefSelect = ({
  refName,
  value,
  onChange,
  initialTitle,
  ...inputProps
}: RefSelectProps): ReactNode => {
  const { t } = useTranslation(['resources', 'errors']);
  const target = definitionByName(refName);
  const [options, setOptions] = useState<SelectOption[]>([]);
  const [selected, setSelected] = useState<SelectOption | null>(
    value && initialTitle ? { id: value, title: initialTitle } : null,
  );
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [debounced] = useDebouncedValue(search, 250);
  const query = selected && debounced === selected.title ? '' : debounced;

  useEffect(() => {
    if (!active || !target) return;
    let cancelled = false;
    setLoading(true);
    resourceApi
      .select(target, query)
      .then((results) => {
        if (cancelled) return;
        setOptions(results);
        setFailed(false);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [active, target, query]);

  // Keep the title of the current value even when it is not among the loaded options.
  useEffect(() => {
    if (!value) {
      setSelected(null);
      return;
    }
    if (selected?.id === value) return;
    const known = options.find((o) => o.id === value);
    if (known) {
      setSelected(known);
      return;
    }
    if (!target) return;
    let cancelled = false;
    resourceApi
      .byIds(target, [value])
      .then((rows) => {
        const row = rows[0];
        if (!cancelled)
          setSelected({ id: value, title: row ? String(row[target.titleField] ?? value) : value });
      })
      .catch(() => {
        if (!cancelled) setSelected({ id: value, title: value });
      });
    return () => {
      cancelled = true;
    };
  }, [value, selected, options, target]);

  const data = useMemo(() => {
    const all = selected ? [selected, ...options.filter((o) => o.id !== selected.id)] : options;
    return all.map((o) => ({ value: o.id, label: o.title }));
  }, [selected, options]);

  return (
    <Select
      {...inputProps}
      data={data}
      value={value}
      searchable
      clearable={!inputProps.required}
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setActive(true)}
      filter={({ options: all }) => all}
      nothingFoundMessage={
        loading
          ? t('resources:generic.loading')
          : failed
            ? t('errors:somethingWentWrong')
            : t('resources:generic.nothingFound')
      }
      onChange={(next, option) => {
        setSelected(next && option ? { id: next, title: option.label } : null);
        onChange(next);
      }}
    />
  );
};
