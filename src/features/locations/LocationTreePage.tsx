import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Grid,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { storageSpaceResource } from '../../../domain/resources/definitions/storageSpace';
import type { ResourceDefinition } from '../../../domain/resources/types';
import { errorMessage } from '../../i18n/i18n';
import { useRefTitles } from '../../resources/useRefTitles';
import { useResourceAccess } from '../../resources/useResourceAccess';
import { AppIcon } from '../../ui/icons';
import { LocationLabelPanel } from './LocationLabelPanel';
import { LocationLinks } from './LocationLinks';
import { type LocationNode, locationApi } from './locationApi';
import { printLabelsWithNotice } from './printLabels';

/** Key of the top level in the children map. */
const ROOT = '';
const typeFields = ['typeId'] as const;
const def: ResourceDefinition = storageSpaceResource;

/** /storage-spaces/tree: the locations as a tree loaded level by level, with labels to print. */
export const LocationTreePage = (): ReactNode => {
  const { t, i18n } = useTranslation(['infrastructure', 'errors']);
  const navigate = useNavigate();
  const access = useResourceAccess(def);
  const [children, setChildren] = useState<Readonly<Record<string, readonly LocationNode[]>>>({});
  const [loadingKeys, setLoadingKeys] = useState<ReadonlySet<string>>(new Set());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<LocationNode | null>(null);
  const [checked, setChecked] = useState<ReadonlyMap<string, string>>(new Map());
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (key: string) => {
      setLoadingKeys((s) => new Set(s).add(key));
      try {
        const nodes = await locationApi.children(key === ROOT ? null : key);
        setChildren((c) => ({ ...c, [key]: nodes }));
        return nodes;
      } catch (e) {
        setError(errorMessage(t, e));
        return [];
      } finally {
        setLoadingKeys((s) => {
          const next = new Set(s);
          next.delete(key);
          return next;
        });
      }
    },
    [t],
  );

  useEffect(() => {
    void load(ROOT);
  }, [load]);

  const allNodes = useMemo(() => Object.values(children).flat(), [children]);
  const typeTitles = useRefTitles(def, typeFields, allNodes);

  const toggle = (node: LocationNode) => {
    const opening = !expanded.has(node.id);
    setExpanded((s) => {
      const next = new Set(s);
      if (opening) next.add(node.id);
      else next.delete(node.id);
      return next;
    });
    if (opening && !children[node.id]) void load(node.id);
  };

  const check = (node: LocationNode, on: boolean) =>
    setChecked((m) => {
      const next = new Map(m);
      if (on) next.set(node.id, node.label);
      else next.delete(node.id);
      return next;
    });

  const checkChildren = async (node: LocationNode) => {
    const nodes = children[node.id] ?? (await load(node.id));
    setChecked((m) => {
      const next = new Map(m);
      for (const n of nodes) next.set(n.id, n.label);
      return next;
    });
  };

  const refresh = () => {
    setChildren({});
    setExpanded(new Set());
    setError(null);
    void load(ROOT);
  };

  const printChecked = () => {
    const labels = [...checked.values()]
      .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))
      .map((text) => ({ text }));
    printLabelsWithNotice(t, i18n.language, labels);
  };

  const renderLevel = (key: string, depth: number): ReactNode => {
    const nodes = children[key];
    if (!nodes) return loadingKeys.has(key) ? <Loader size="xs" ml={depth * 24 + 8} my={4} /> : null;
    if (nodes.length === 0 && key === ROOT)
      return (
        <Text c="dimmed" p="md" data-testid="location-tree-empty">
          {t('locations.tree.empty')}
        </Text>
      );
    return nodes.map((node) => {
      const open = expanded.has(node.id);
      const type = node.typeId ? typeTitles.get(node.typeId) : undefined;
      return (
        <Box key={node.id}>
          <Group
            gap={6}
            wrap="nowrap"
            pl={depth * 24}
            py={2}
            bg={selected?.id === node.id ? 'var(--mantine-primary-color-light)' : undefined}
            data-testid={`location-tree-node-${node.label}`}
            data-id={node.id}
            data-expanded={String(open)}
          >
            {node.childCount > 0 ? (
              <ActionIcon
                variant="subtle"
                size="sm"
                onClick={() => toggle(node)}
                aria-label={t(open ? 'locations.tree.collapse' : 'locations.tree.expand', {
                  label: node.label,
                })}
                aria-expanded={open}
                data-testid={`location-tree-toggle-${node.label}`}
                style={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 120ms' }}
              >
                <AppIcon name="chevron" size={14} />
              </ActionIcon>
            ) : (
              <Box w={22} />
            )}
            <Checkbox
              size="xs"
              checked={checked.has(node.id)}
              onChange={(e) => check(node, e.currentTarget.checked)}
              aria-label={t('locations.tree.check', { label: node.label })}
              data-testid={`location-tree-check-${node.label}`}
            />
            <UnstyledButton
              onClick={() => setSelected(node)}
              fw={600}
              fz="sm"
              data-testid={`location-tree-label-${node.label}`}
            >
              {node.label}
            </UnstyledButton>
            {type && (
              <Badge size="xs" variant="light">
                {type}
              </Badge>
            )}
            {node.childCount > 0 && (
              <Text size="xs" c="dimmed">
                {t('locations.tree.children', { count: node.childCount })}
              </Text>
            )}
          </Group>
          {open && renderLevel(node.id, depth + 1)}
        </Box>
      );
    });
  };

  return (
    <Stack gap="md" data-testid="location-tree-page">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>{t('locations.tree.title')}</Title>
        <Group gap="xs" wrap="wrap">
          <Button onClick={printChecked} disabled={checked.size === 0} data-testid="label-print-selected">
            {t('labels.printSelected', { count: checked.size })}
          </Button>
          {checked.size > 0 && (
            <Button
              variant="subtle"
              onClick={() => setChecked(new Map())}
              data-testid="location-tree-uncheck"
            >
              {t('locations.tree.uncheckAll')}
            </Button>
          )}
          <LocationLinks current="tree" />
          <Button variant="default" onClick={refresh} data-testid="location-tree-refresh">
            {t('common:actions.refresh')}
          </Button>
        </Group>
      </Group>
      {error && (
        <Alert color="red" data-testid="location-tree-error">
          {error}
        </Alert>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="xs" radius="md" data-testid="location-tree">
            {renderLevel(ROOT, 0)}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          {selected ? (
            <Stack gap="sm" data-testid="location-detail" data-id={selected.id}>
              <Title order={3}>{selected.label}</Title>
              <LocationLabelPanel key={selected.id} id={selected.id} label={selected.label} />
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => navigate(`/storage-spaces/${selected.id}`)}
                  data-testid="location-open-record"
                >
                  {t('locations.openRecord')}
                </Button>
                {selected.childCount > 0 && (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => void checkChildren(selected)}
                    data-testid="location-check-children"
                  >
                    {t('locations.tree.checkChildren')}
                  </Button>
                )}
                {access.canWrite && (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() =>
                      navigate(`/storage-spaces/generate?parentId=${encodeURIComponent(selected.id)}`)
                    }
                    data-testid="location-generate-below"
                  >
                    {t('locations.generateBelow')}
                  </Button>
                )}
              </Group>
            </Stack>
          ) : (
            <Text c="dimmed" data-testid="location-detail-empty">
              {t('locations.tree.pick')}
            </Text>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
};
