import {
  Alert,
  Button,
  Code,
  Group,
  List,
  NumberInput,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { FieldError } from '../../../domain/errors';
import {
  type GenerateLocationsInput,
  generatedLocationCount,
  generateLocationsSchema,
  generatorLimits,
  generatorPreview,
} from '../../../domain/warehouse/locationGenerator';
import { ApiError } from '../../api/apiError';
import { errorMessage } from '../../i18n/i18n';
import { fieldErrorsByPath, fieldErrorsFromIssues } from '../../resources/issueErrors';
import { RefSelect } from '../../resources/RefSelect';
import { type GenerateJob, locationApi } from './locationApi';

interface LevelForm {
  readonly prefix: string;
  readonly digits: number | string;
  readonly start: number | string;
  readonly quantity: number | string;
  readonly typeId: string | null;
}

type NumberField = 'digits' | 'start' | 'quantity';
const numberFields: readonly NumberField[] = ['digits', 'start', 'quantity'];

const newLevel = (index: number): LevelForm =>
  // A sensible start: aisles A01…, then racks and shelves numbered 01….
  index === 0
    ? { prefix: 'A', digits: 2, start: 1, quantity: 10, typeId: null }
    : { prefix: index === 1 ? 'R' : 'S', digits: 2, start: 1, quantity: 5, typeId: null };

const toNumber = (v: number | string): number =>
  typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v);

/** How often the job's progress is asked for. */
const pollMs = 500;

/** /storage-spaces/generate: many locations at once, up to three nested levels (docs/warehouse-api.md). */
export const LocationGeneratorPage = (): ReactNode => {
  const { t } = useTranslation(['infrastructure', 'errors']);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [parentId, setParentId] = useState<string | null>(searchParams.get('parentId'));
  const [typeId, setTypeId] = useState<string | null>(null);
  const [separator, setSeparator] = useState('-');
  const [levels, setLevels] = useState<readonly LevelForm[]>([newLevel(0)]);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, FieldError>>({});
  const [clashes, setClashes] = useState<readonly string[]>([]);
  const [failure, setFailure] = useState<unknown>(null);
  const [job, setJob] = useState<GenerateJob | null>(null);

  const request: GenerateLocationsInput = useMemo(
    () => ({
      parentId,
      typeId,
      separator,
      levels: levels.map((l) => ({
        prefix: l.prefix,
        digits: toNumber(l.digits),
        start: toNumber(l.start),
        quantity: toNumber(l.quantity),
        typeId: l.typeId,
      })),
    }),
    [parentId, typeId, separator, levels],
  );
  const parsed = useMemo(() => generateLocationsSchema.safeParse(request), [request]);
  const clientErrors = useMemo(
    () => (parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues)),
    [parsed],
  );
  // The preview follows the typing as long as the numbers are numbers, even before other fields are valid.
  const preview = useMemo(() => {
    const shaped = request.levels.map((l) => ({
      prefix: l.prefix ?? '',
      digits: l.digits,
      start: l.start,
      quantity: l.quantity,
    }));
    const usable = shaped.every(
      (l) =>
        [l.digits, l.start, l.quantity].every(Number.isSafeInteger) &&
        l.digits >= 1 &&
        l.start >= 0 &&
        l.quantity >= 1,
    );
    return usable
      ? { levels: generatorPreview(shaped, request.separator ?? '-'), total: generatedLocationCount(shaped) }
      : null;
  }, [request]);

  // Poll the job until it is done or failed.
  useEffect(() => {
    if (job?.status !== 'running') return;
    let cancelled = false;
    const timer = setTimeout(() => {
      locationApi.job(job.jobId).then(
        (next) => !cancelled && setJob(next),
        (e: unknown) => {
          if (cancelled) return;
          setFailure(e);
          setJob({ ...job, status: 'failed' });
        },
      );
    }, pollMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [job]);

  const errorOf = (path: string): string | undefined => {
    const e = serverErrors[path] ?? (submitted ? clientErrors[path] : undefined);
    return e ? errorMessage(t, e) : undefined;
  };

  const setLevel = (index: number, patch: Partial<LevelForm>) => {
    setLevels((ls) => ls.map((l, i) => (i === index ? { ...l, ...patch } : l)));
    setServerErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setClashes([]);
    setFailure(null);
    setServerErrors({});
    if (!parsed.success) return;
    setBusy(true);
    try {
      const started = await locationApi.generate(parsed.data);
      setJob({ jobId: started.jobId, status: 'running', done: 0, total: started.total });
    } catch (e) {
      const labels =
        e instanceof ApiError && e.code === 'uniqueConflict'
          ? e.fields.flatMap((f) =>
              f.field === 'label' && f.params?.label !== undefined ? [String(f.params.label)] : [],
            )
          : [];
      if (labels.length) setClashes(labels);
      else {
        if (e instanceof ApiError) setServerErrors(fieldErrorsByPath(e.fields));
        setFailure(e);
      }
    } finally {
      setBusy(false);
    }
  };

  const restart = () => {
    setJob(null);
    setFailure(null);
    setSubmitted(false);
  };

  if (job) {
    const percent = job.total > 0 ? Math.min(100, Math.round((job.done / job.total) * 100)) : 100;
    return (
      <Stack gap="md" maw={720} data-testid="generator-page">
        <Title order={2}>{t('locations.generator.title')}</Title>
        <Stack gap={4}>
          <Progress
            value={job.status === 'done' ? 100 : percent}
            animated={job.status === 'running'}
            size="xl"
            aria-label={t('locations.generator.progress', { done: job.done, total: job.total })}
            data-testid="generator-progress"
            data-status={job.status}
            data-done={job.done}
            data-total={job.total}
          />
          <Text size="sm" c="dimmed">
            {t('locations.generator.progress', { done: job.done, total: job.total })}
          </Text>
        </Stack>
        {job.status === 'done' && (
          <Alert color="green" data-testid="generator-done">
            {t('locations.generator.done', { count: job.total })}
          </Alert>
        )}
        {job.status === 'failed' && (
          <Alert color="red" data-testid="generator-failed">
            {failure !== null ? errorMessage(t, failure) : errorMessage(t, job.error ?? 'somethingWentWrong')}
          </Alert>
        )}
        {job.status !== 'running' && (
          <Group>
            <Button onClick={() => navigate('/storage-spaces/tree')} data-testid="generator-open-tree">
              {t('locations.tree.title')}
            </Button>
            <Button variant="default" onClick={restart} data-testid="generator-again">
              {t('locations.generator.again')}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={1100} data-testid="generator-page">
        <Title order={2}>{t('locations.generator.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('locations.generator.intro', { max: generatorLimits.maxLevels })}
        </Text>
        {failure !== null && (
          <Alert color="red" data-testid="generator-error">
            {errorMessage(t, failure)}
          </Alert>
        )}
        {clashes.length > 0 && (
          <Alert color="red" title={t('locations.generator.clashTitle')} data-testid="generator-clashes">
            <List size="sm">
              {clashes.map((label) => (
                <List.Item key={label} data-testid="generator-clash">
                  {label}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Paper withBorder p="md" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <RefSelect
              refName="storageSpace"
              value={parentId}
              onChange={setParentId}
              label={t('locations.generator.parent')}
              placeholder={t('locations.generator.topLevel')}
              data-testid="generator-parent"
            />
            <RefSelect
              refName="storageSpaceType"
              value={typeId}
              onChange={setTypeId}
              label={t('locations.generator.type')}
              data-testid="generator-type"
            />
            <TextInput
              label={t('locations.generator.separator')}
              value={separator}
              onChange={(e) => setSeparator(e.currentTarget.value)}
              error={errorOf('separator')}
              maxLength={generatorLimits.maxSeparatorLength}
              data-testid="generator-separator"
            />
          </SimpleGrid>
        </Paper>

        {levels.map((level, index) => {
          const n = index + 1;
          const path = (field: string) => `levels.${index}.${field}`;
          return (
            <Paper key={n} withBorder p="md" radius="md" data-testid={`generator-level-${n}`}>
              <Group justify="space-between" mb="xs">
                <Title order={4}>{t('locations.generator.level', { n })}</Title>
                {index > 0 && index === levels.length - 1 && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => setLevels((ls) => ls.slice(0, -1))}
                    data-testid={`generator-level-${n}-remove`}
                  >
                    {t('locations.generator.removeLevel')}
                  </Button>
                )}
              </Group>
              <SimpleGrid cols={{ base: 2, sm: 5 }}>
                <TextInput
                  label={t('locations.generator.prefix')}
                  value={level.prefix}
                  onChange={(e) => setLevel(index, { prefix: e.currentTarget.value })}
                  error={errorOf(path('prefix'))}
                  data-testid={`generator-level-${n}-prefix`}
                />
                {numberFields.map((field) => (
                  <NumberInput
                    key={field}
                    label={t(`locations.generator.${field}`)}
                    value={level[field]}
                    onChange={(v) => setLevel(index, { [field]: v })}
                    min={field === 'start' ? 0 : 1}
                    max={field === 'digits' ? generatorLimits.maxDigits : undefined}
                    allowDecimal={false}
                    allowNegative={false}
                    error={errorOf(path(field))}
                    data-testid={`generator-level-${n}-${field}`}
                  />
                ))}
                <RefSelect
                  refName="storageSpaceType"
                  value={level.typeId}
                  onChange={(v) => setLevel(index, { typeId: v })}
                  label={t('locations.generator.levelType')}
                  placeholder={t('locations.generator.sameType')}
                  data-testid={`generator-level-${n}-type`}
                />
              </SimpleGrid>
            </Paper>
          );
        })}
        {levels.length < generatorLimits.maxLevels && (
          <Group>
            <Button
              variant="default"
              onClick={() => setLevels((ls) => [...ls, newLevel(ls.length)])}
              data-testid="generator-add-level"
            >
              {t('locations.generator.addLevel')}
            </Button>
          </Group>
        )}

        <Paper withBorder p="md" radius="md" data-testid="generator-preview">
          <Title order={4} mb="xs">
            {t('locations.generator.preview')}
          </Title>
          {preview ? (
            <Table withRowBorders={false} verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('locations.generator.levelColumn')}</Table.Th>
                  <Table.Th>{t('locations.generator.first')}</Table.Th>
                  <Table.Th>{t('locations.generator.last')}</Table.Th>
                  <Table.Th>{t('locations.generator.count')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.levels.map((p, index) => (
                  <Table.Tr key={p.first}>
                    <Table.Td>{index + 1}</Table.Td>
                    <Table.Td>
                      <Code data-testid={`generator-preview-${index + 1}-first`}>{p.first}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Code data-testid={`generator-preview-${index + 1}-last`}>{p.last}</Code>
                    </Table.Td>
                    <Table.Td data-testid={`generator-preview-${index + 1}-count`}>{p.count}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text c="dimmed" size="sm">
              {t('locations.generator.previewUnavailable')}
            </Text>
          )}
          <Text
            mt="sm"
            fw={700}
            c={preview && preview.total > generatorLimits.maxTotal ? 'red' : undefined}
            data-testid="generator-total"
            data-total={preview?.total ?? ''}
          >
            {t('locations.generator.total', { count: preview?.total ?? 0 })}
          </Text>
          {errorOf('levels') && (
            <Text c="red" size="sm" data-testid="generator-total-error">
              {errorOf('levels')}
            </Text>
          )}
        </Paper>

        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => navigate('/storage-spaces/tree')}
            data-testid="generator-cancel"
          >
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={busy} data-testid="generator-submit">
            {t('locations.generator.submit', { count: preview?.total ?? 0 })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
