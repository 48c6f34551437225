import {
  ActionIcon,
  Alert,
  Group,
  Paper,
  Progress as ProgressBar,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type DragEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../i18n/i18n';
import { ConfirmDialog } from '../../resources/ConfirmDialog';
import { formatDateTime } from '../../resources/format';
import { OfficeIcon } from '../office/OfficeIcon';
import { type AttachedFile, fileApi } from './fileApi';

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** 1536 → "1.5 KB": sizes as people read them. */
export const humanSize = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
};

export interface FilesPanelProps {
  readonly resourceType: string;
  readonly id: string;
  /** Upload and delete (who may write the record); everyone who sees it may download. */
  readonly canWrite: boolean;
  /** Extra actions per file (send by e-mail). */
  readonly fileActions?: (file: AttachedFile) => ReactNode;
}

/**
 * The files of a record: drop or pick several at once (each held to the company's size limit, with progress),
 * list, download with progress (an XLSX also as PDF), delete.
 */
export const FilesPanel = ({ resourceType, id, canWrite, fileActions }: FilesPanelProps): ReactNode => {
  const { t } = useTranslation(['office', 'errors']);
  const [files, setFiles] = useState<AttachedFile[] | null>(null);
  const [maxMb, setMaxMb] = useState<number | null>(null);
  const [upload, setUpload] = useState<{ names: string; fraction: number | null } | null>(null);
  const [downloads, setDownloads] = useState<Record<string, number | null>>({});
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [deleting, setDeleting] = useState<AttachedFile | null>(null);
  const picker = useRef<HTMLInputElement>(null);

  const load = useCallback(() => {
    fileApi
      .list(resourceType, id)
      .then(setFiles)
      .catch((e: unknown) => setError(errorMessage(t, e)));
  }, [resourceType, id, t]);

  useEffect(() => {
    load();
    fileApi
      .settings()
      .then((s) => setMaxMb(s.maxFileMb))
      .catch(() => setMaxMb(null));
  }, [load]);

  const send = async (chosen: readonly File[]) => {
    if (!chosen.length || upload) return;
    setError(null);
    // The limit is the server's to enforce; saying so before sending saves a long upload.
    const tooBig = maxMb === null ? undefined : chosen.find((f) => f.size > maxMb * 1024 * 1024);
    if (tooBig && maxMb !== null) {
      setError(`${tooBig.name}: ${t('errors:fileTooBigForCompany', { max: maxMb })}`);
      return;
    }
    setUpload({ names: chosen.map((f) => f.name).join(', '), fraction: 0 });
    try {
      await fileApi.upload(resourceType, id, chosen, (fraction) =>
        setUpload((u) => (u ? { ...u, fraction } : u)),
      );
      notifications.show({ color: 'green', message: t('office:files.uploaded', { count: chosen.length }) });
      load();
    } catch (e) {
      setError(errorMessage(t, e));
    } finally {
      setUpload(null);
      if (picker.current) picker.current.value = '';
    }
  };

  const download = async (file: AttachedFile, asPdf = false) => {
    const key = `${file.id}${asPdf ? ':pdf' : ''}`;
    setDownloads((d) => ({ ...d, [key]: 0 }));
    try {
      await fileApi.download(file.id, (fraction) => setDownloads((d) => ({ ...d, [key]: fraction })), {
        asPdf,
      });
    } catch (e) {
      notifications.show({ color: 'red', message: errorMessage(t, e) });
    } finally {
      setDownloads(({ [key]: _done, ...rest }) => rest);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await fileApi.remove(deleting.id);
      setDeleting(null);
      load();
    } catch (e) {
      setDeleting(null);
      setError(errorMessage(t, e));
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (canWrite) void send([...event.dataTransfer.files]);
  };

  return (
    <Stack gap="xs" data-testid="files-panel">
      <Group justify="space-between" gap="xs">
        <Title order={5}>{t('office:files.title')}</Title>
        {maxMb !== null && canWrite && (
          <Text size="xs" c="dimmed">
            {t('office:files.limit', { max: maxMb })}
          </Text>
        )}
      </Group>
      {canWrite && (
        <UnstyledButton
          onClick={() => picker.current?.click()}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          disabled={upload !== null}
          data-testid="files-drop"
        >
          <Paper
            withBorder
            p="sm"
            style={{ borderStyle: 'dashed', textAlign: 'center' }}
            bg={dragging ? 'var(--mantine-primary-color-light)' : undefined}
          >
            <Group justify="center" gap={6}>
              <OfficeIcon name="attach" />
              <Text size="sm">{t('office:files.drop')}</Text>
            </Group>
          </Paper>
        </UnstyledButton>
      )}
      <input
        ref={picker}
        type="file"
        multiple
        hidden
        onChange={(e) => void send([...(e.currentTarget.files ?? [])])}
        data-testid="files-input"
      />
      {upload && (
        <Stack gap={2} data-testid="files-uploading">
          <Text size="xs" lineClamp={1}>
            {t('office:files.uploading', { names: upload.names })}
          </Text>
          <ProgressBar value={(upload.fraction ?? 0) * 100} animated={upload.fraction === null} />
        </Stack>
      )}
      {error && (
        <Alert color="red" data-testid="files-error" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {files?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('office:files.none')}
        </Text>
      )}
      {files?.map((file) => {
        const progress = downloads[file.id];
        return (
          <Paper key={file.id} withBorder p="xs" data-testid="file-row" data-file-name={file.fileName}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} miw={0}>
                <Text size="sm" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
                  {file.fileName}
                </Text>
                <Text size="xs" c="dimmed">
                  {humanSize(file.size)} · {formatDateTime(file.createdAt)}
                </Text>
              </Stack>
              <Group gap={2} wrap="nowrap">
                <Tooltip label={t('office:files.download')}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('office:files.download')}
                    onClick={() => void download(file)}
                    loading={progress !== undefined}
                    data-testid="file-download"
                  >
                    <OfficeIcon name="download" />
                  </ActionIcon>
                </Tooltip>
                {file.contentType === xlsxType && (
                  <Tooltip label={t('office:files.downloadPdf')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('office:files.downloadPdf')}
                      onClick={() => void download(file, true)}
                      data-testid="file-download-pdf"
                    >
                      <Text size="xs" fw={700}>
                        {t('office:files.pdf')}
                      </Text>
                    </ActionIcon>
                  </Tooltip>
                )}
                {fileActions?.(file)}
                {canWrite && (
                  <Tooltip label={t('office:files.delete')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('office:files.delete')}
                      onClick={() => setDeleting(file)}
                      data-testid="file-delete"
                    >
                      <OfficeIcon name="trash" />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Group>
            {progress !== undefined && (
              <ProgressBar
                mt={4}
                size="xs"
                value={(progress ?? 0) * 100}
                animated={progress === null}
                data-testid="file-download-progress"
              />
            )}
          </Paper>
        );
      })}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('office:files.delete')}
        message={t('office:files.confirmDelete', { name: deleting?.fileName ?? '' })}
        busy={false}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
};
