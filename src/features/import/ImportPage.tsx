import {
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  Loader,
  Paper,
  Progress,
  Radio,
  ScrollArea,
  SimpleGrid,
  Stack,
  Stepper,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { type ComponentProps, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  ImportJobView,
  ImportMode,
  ImportProblemView,
  TemplateView,
} from '../../../domain/import/importJob';
import { errorMessage } from '../../i18n/i18n';
import { formatDateTime } from '../../resources/format';
import { useLoad } from '../documents/useLoad';
import { importApi, maxImportFileBytes } from './importApi';

/** How often a running import is asked for its progress. */
const pollMs = 500;

/** Follows a job until it ends: its latest view (progress, counts, outcome). */
const useJob = (started: ImportJobView | null): ImportJobView | null => {
  const [job, setJob] = useState<ImportJobView | null>(started);
  useEffect(() => {
    setJob(started);
    if (started?.status !== 'running') return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const next = await importApi.job(started.id).catch(() => null);
      if (!live) return;
      if (next) setJob(next);
      if (!next || next.status === 'running') timer = setTimeout(poll, pollMs);
    };
    timer = setTimeout(poll, pollMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [started]);
  return job;
};

const cellText = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : Array.isArray(value)
      ? value.join(' | ')
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

/** The running job's progress bar (share of the file read) with a cancel button. */
const JobProgress = ({ job, textKey }: { job: ImportJobView; textKey: string }): ReactNode => {
  const { t } = useTranslation('imports');
  const percent = Math.round(job.progress * 100);
  return (
    <Stack gap="xs" data-testid="import-progress">
      <Text size="sm">{t(textKey, { percent })}</Text>
      <Progress value={percent} animated />
      <Group>
        <Button variant="default" data-testid="import-cancel" onClick={() => void importApi.cancel(job.id)}>
          {t('upload.cancel')}
        </Button>
      </Group>
    </Stack>
  );
};

/** Notices of the job (unknown columns ignored…) and why it failed, in the user's language. */
const JobNotices = ({ job }: { job: ImportJobView }): ReactNode => (
  <>
    {job.warnings.map((w) => (
      <Alert key={`${w.code}-${cellText(w.params)}`} color="yellow" data-testid="import-warning">
        {w.message}
      </Alert>
    ))}
  </>
);

/** The first rows as they will be saved: the template's columns the saved records carry. */
const SampleTable = ({ job, template }: { job: ImportJobView; template: TemplateView }): ReactNode => {
  const { t } = useTranslation('imports');
  const first = job.sample[0];
  if (!first) return null;
  const byTemplate = template.columns.filter((c) => c.key in first);
  const columns = byTemplate.length
    ? byTemplate.map((c) => ({ key: c.key, header: c.header }))
    : Object.keys(first).map((key) => ({ key, header: key }));
  return (
    <Stack gap="xs">
      <Text fw={500}>{t('preview.sample')}</Text>
      <ScrollArea type="auto">
        <Table striped withTableBorder data-testid="import-sample">
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key}>{c.header}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {job.sample.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the sample is fixed once the preview has ended
              <Table.Tr key={i}>
                {columns.map((c) => (
                  <Table.Td key={c.key}>{cellText(row[c.key])}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  );
};

/** Every row's problems (the first page; the report has them all). */
const ProblemList = ({ job }: { job: ImportJobView }): ReactNode => {
  const { t } = useTranslation('imports');
  const problems = useLoad(`${job.id}-${job.problemCount}`, () =>
    job.problemCount ? importApi.problems(job.id) : Promise.resolve({ results: [], allFilteredRowCount: 0 }),
  );
  const list: ImportProblemView[] = problems.data?.results ?? [];
  const total = problems.data?.allFilteredRowCount ?? 0;
  if (!job.problemCount)
    return (
      <Text size="sm" c="green" data-testid="import-no-problems">
        {t('preview.noProblems')}
      </Text>
    );
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={500}>{t('preview.problems')}</Text>
        <Button
          variant="subtle"
          size="xs"
          data-testid="import-report"
          onClick={() => void importApi.downloadReport(job.id)}
        >
          {t('report.download')}
        </Button>
      </Group>
      <ScrollArea type="auto">
        <Table withTableBorder data-testid="import-problems">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('problem.line')}</Table.Th>
              <Table.Th>{t('problem.column')}</Table.Th>
              <Table.Th>{t('problem.message')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((p) => (
              <Table.Tr
                key={`${p.line}-${p.column ?? ''}-${p.code}-${p.message}`}
                data-testid="import-problem"
              >
                <Table.Td>{p.line}</Table.Td>
                <Table.Td>{p.columnHeader ?? ''}</Table.Td>
                <Table.Td>{p.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {total > list.length && (
        <Text size="xs" c="dimmed">
          {t('preview.more', { shown: list.length, total })}
        </Text>
      )}
    </Stack>
  );
};

/** The required structure of a template: columns, kinds, required or not, the example, and the files to fill in. */
const Structure = ({ template }: { template: TemplateView }): ReactNode => {
  const { t } = useTranslation('imports');
  return (
    <Stack gap="sm">
      <Text size="sm">{t('structure.intro')}</Text>
      <Group>
        <Button
          variant="light"
          data-testid="import-download-csv"
          onClick={() => void importApi.downloadTemplate(template.key, 'csv')}
        >
          {t('download.csv')}
        </Button>
        <Button
          variant="light"
          data-testid="import-download-xlsx"
          onClick={() => void importApi.downloadTemplate(template.key, 'xlsx')}
        >
          {t('download.xlsx')}
        </Button>
      </Group>
      <ScrollArea type="auto">
        <Table striped withTableBorder data-testid="import-structure">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('structure.column')}</Table.Th>
              <Table.Th>{t('structure.kind')}</Table.Th>
              <Table.Th>{t('structure.example')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {template.columns.map((c) => (
              <Table.Tr key={c.key} data-testid={`import-column-${c.key}`}>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Text size="sm">{c.header}</Text>
                    {c.required && (
                      <Badge size="xs" color="red">
                        {t('structure.required')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{t(`kinds.${c.kind}`)}</Text>
                  {c.emptyIsZero && (
                    <Text size="xs" c="dimmed">
                      {t('structure.emptyIsZero')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{cellText(c.example)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  );
};

/** What an ended import did. */
const Outcome = ({ job }: { job: ImportJobView }): ReactNode => {
  const { t } = useTranslation('imports');
  if (job.status === 'cancelled') return <Alert color="gray">{t('result.cancelled')}</Alert>;
  if (job.status === 'failed')
    return (
      <Alert color="red" title={t('result.failed')}>
        {job.error?.message}
      </Alert>
    );
  return (
    <Alert color="green" title={t('result.done', { count: job.rowsImported })}>
      {job.rowsSkipped > 0 && t('result.skipped', { count: job.rowsSkipped })}
    </Alert>
  );
};

const statusColor: Record<ImportJobView['status'], string> = {
  running: 'blue',
  done: 'green',
  failed: 'red',
  cancelled: 'gray',
};

/** The account's latest imports: what was imported when, how it ended, and each one's report of problems. */
const RecentImports = ({
  templates,
  round,
}: {
  templates: readonly TemplateView[];
  round: number;
}): ReactNode => {
  const { t } = useTranslation('imports');
  const recent = useLoad(`recent-${round}`, importApi.recent);
  const jobs = (recent.data ?? []).filter((j) => j.mode !== 'preview');
  if (!jobs.length) return null;
  const titleOf = (key: string) => templates.find((tpl) => tpl.key === key)?.title ?? key;
  return (
    <Stack gap="xs" mt="lg">
      <Title order={4}>{t('recent.title')}</Title>
      <ScrollArea type="auto">
        <Table striped withTableBorder data-testid="import-recent">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('recent.when')}</Table.Th>
              <Table.Th>{t('recent.type')}</Table.Th>
              <Table.Th>{t('recent.file')}</Table.Th>
              <Table.Th>{t('recent.status')}</Table.Th>
              <Table.Th>{t('recent.rows')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {jobs.map((job) => (
              <Table.Tr key={job.id} data-testid="import-recent-row">
                <Table.Td>{formatDateTime(job.createdAt)}</Table.Td>
                <Table.Td>{titleOf(job.template)}</Table.Td>
                <Table.Td>{job.fileName ?? ''}</Table.Td>
                <Table.Td>
                  <Badge color={statusColor[job.status]} variant="light">
                    {t(`status.${job.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{`${job.rowsImported} / ${job.rowsSkipped}`}</Table.Td>
                <Table.Td>
                  {job.problemCount > 0 && (
                    <Button variant="subtle" size="xs" onClick={() => void importApi.downloadReport(job.id)}>
                      {t('report.download')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  );
};

/**
 * /import: business-data import in the specification's steps: the record type, its required structure (and the
 * template files), the file, a preview (the rows as they will be saved and every row's problems, nothing kept),
 * then the import itself with its progress, cancel and outcome (docs/api.md, "Import").
 */
export const ImportPage = (): ReactNode => {
  const { t } = useTranslation(['imports', 'errors', 'common']);
  const templates = useLoad('templates', importApi.templates);
  const [step, setStep] = useState(0);
  const [template, setTemplate] = useState<TemplateView | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [startedPreview, setStartedPreview] = useState<ImportJobView | null>(null);
  const [startedImport, setStartedImport] = useState<ImportJobView | null>(null);
  const [mode, setMode] = useState<ImportMode>('allOrNothing');
  /** Imports finished on this screen (the recent list reloads after each). */
  const [rounds, setRounds] = useState(0);
  const preview = useJob(startedPreview);
  const imported = useJob(startedImport);

  const previewEnded = preview !== null && preview.status !== 'running';
  const importEnded = imported !== null && imported.status !== 'running';
  useEffect(() => {
    if (previewEnded && preview.status === 'done') setStep(3);
  }, [previewEnded, preview?.status]);
  useEffect(() => {
    if (importEnded) setStep(4);
  }, [importEnded]);

  const restart = () => {
    setRounds((n) => n + 1);
    setStep(0);
    setTemplate(null);
    setFile(null);
    setFailure(null);
    setStartedPreview(null);
    setStartedImport(null);
    setMode('allOrNothing');
  };
  const pickFile = (picked: File | null) => {
    setStartedPreview(null);
    setFailure(null);
    // A file over the limit is refused before it is sent (the server would refuse it before reading it too).
    if (picked && picked.size > maxImportFileBytes) {
      setFile(null);
      setFailure(t('errors:fileTooBig'));
      return;
    }
    setFile(picked);
  };
  const start = async (asPreview: boolean) => {
    if (!template || !file) return;
    setFailure(null);
    try {
      const job = await importApi.start(template.key, file, asPreview ? 'preview' : mode);
      if (asPreview) setStartedPreview(job);
      else setStartedImport(job);
    } catch (e) {
      setFailure(errorMessage(t, e));
    }
  };

  return (
    <Stack gap="md" p="md" maw={1100} data-testid="import-page">
      <Title order={2}>{t('title')}</Title>
      {templates.error !== null && <Alert color="red">{errorMessage(t, templates.error)}</Alert>}
      {failure && (
        <Alert color="red" data-testid="import-error">
          {failure}
        </Alert>
      )}
      <Stepper active={step} size="sm" allowNextStepsSelect={false} onStepClick={setStep}>
        <Stepper.Step label={t('steps.type')}>
          <Stack gap="sm">
            <Text>{t('pickType')}</Text>
            {!templates.data && templates.error === null && <Loader size="sm" />}
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {(templates.data ?? []).map((tpl) => (
                <Button
                  key={tpl.key}
                  variant={template?.key === tpl.key ? 'filled' : 'default'}
                  data-testid={`import-template-${tpl.key}`}
                  onClick={() => {
                    setTemplate(tpl);
                    setFile(null);
                    setStartedPreview(null);
                    setStep(1);
                  }}
                >
                  {tpl.title}
                </Button>
              ))}
            </SimpleGrid>
            {templates.data && <RecentImports templates={templates.data} round={rounds} />}
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('steps.structure')}>
          {template && (
            <Stack gap="sm">
              <Title order={4}>{template.title}</Title>
              <Structure template={template} />
              <Group>
                <Button variant="default" onClick={() => setStep(0)}>
                  {t('actions.back')}
                </Button>
                <Button data-testid="import-next" onClick={() => setStep(2)}>
                  {t('actions.next')}
                </Button>
              </Group>
            </Stack>
          )}
        </Stepper.Step>
        <Stepper.Step label={t('steps.file')}>
          <Stack gap="sm">
            <Group>
              <FileButton
                onChange={pickFile}
                accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                inputProps={{ 'data-testid': 'import-file' } as ComponentProps<'input'>}
              >
                {(props) => (
                  <Button variant="light" {...props}>
                    {t('file.choose')}
                  </Button>
                )}
              </FileButton>
              <Text size="xs" c="dimmed">
                {t('file.limit')}
              </Text>
            </Group>
            {file && (
              <Text size="sm" data-testid="import-file-name">
                {t('file.selected', { name: file.name, size: Math.ceil(file.size / 1024) })}
              </Text>
            )}
            {preview?.status === 'running' && <JobProgress job={preview} textKey="preview.checking" />}
            {preview && preview.status === 'failed' && <Outcome job={preview} />}
            <Group>
              <Button variant="default" onClick={() => setStep(1)}>
                {t('actions.back')}
              </Button>
              <Button
                data-testid="import-check"
                disabled={!file || preview?.status === 'running'}
                onClick={() => void start(true)}
              >
                {t('preview.run')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('steps.preview')}>
          {preview && template && (
            <Stack gap="sm">
              <Text data-testid="import-summary">
                {t('preview.summary', {
                  rows: preview.rowsRead,
                  ok: preview.rowsImported,
                  bad: preview.rowsSkipped,
                })}
              </Text>
              <JobNotices job={preview} />
              <SampleTable job={preview} template={template} />
              <ProblemList job={preview} />
              <Paper withBorder p="sm">
                <Radio.Group
                  label={t('mode.label')}
                  value={mode}
                  onChange={(v) => setMode(v === 'skipBadRows' ? 'skipBadRows' : 'allOrNothing')}
                >
                  <Stack gap={6} mt={6}>
                    <Radio
                      value="allOrNothing"
                      label={t('mode.allOrNothing')}
                      data-testid="import-mode-allOrNothing"
                    />
                    <Radio
                      value="skipBadRows"
                      label={t('mode.skipBadRows')}
                      data-testid="import-mode-skipBadRows"
                    />
                  </Stack>
                </Radio.Group>
              </Paper>
              {imported?.status === 'running' && <JobProgress job={imported} textKey="upload.running" />}
              <Group>
                <Button variant="default" onClick={() => setStep(2)}>
                  {t('actions.back')}
                </Button>
                <Button
                  data-testid="import-start"
                  disabled={imported?.status === 'running'}
                  onClick={() => void start(false)}
                >
                  {t('upload.start')}
                </Button>
              </Group>
            </Stack>
          )}
        </Stepper.Step>
        <Stepper.Completed>
          {imported && (
            <Stack gap="sm" data-testid="import-result" data-status={imported.status}>
              <Outcome job={imported} />
              {imported.problemCount > 0 && <ProblemList job={imported} />}
              <Group>
                <Button data-testid="import-again" onClick={restart}>
                  {t('actions.again')}
                </Button>
              </Group>
            </Stack>
          )}
        </Stepper.Completed>
      </Stepper>
    </Stack>
  );
};
