import {
  Alert,
  Button,
  FileButton,
  Group,
  List,
  Paper,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maxDescriptorsPerPerson } from '../../../domain/faces/enrolment';
import { judgeFrame } from '../../../domain/faces/faceQuality';
import { api } from '../../api/http';
import { errorMessage } from '../../i18n/i18n';
import { formatDateTime } from '../../resources/format';
import type { FaceEngine } from './faceEngine';
import { type PhotoOutcome, readPhotos } from './photoEnrolment';
import { startFaceEngine } from './startFaceEngine';
import { useCamera } from './useCamera';

/** Good frames one enrolment takes (a person turns the head a little between them). */
export const enrolmentFrames = 5;

interface EnrolledRow {
  readonly id: string;
  readonly name: string;
  readonly descriptorCount: number | null;
  readonly enrolledAt: string | null;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Picture types a browser decodes everywhere. */
const photoTypes = 'image/jpeg,image/png,image/webp';

/**
 * /face-database: who is enrolled (delete removes their descriptors) and enrolment of a user from the camera —
 * several good frames (one face, big and clear enough) — or from photos picked from files, each judged by the same
 * checks. Only descriptors are sent, never a picture: photos are read on the device and dropped.
 */
export const FaceDatabasePage = (): ReactNode => {
  const { t } = useTranslation(['faces', 'errors', 'common']);
  const [rows, setRows] = useState<readonly EnrolledRow[]>([]);
  const [users, setUsers] = useState<{ value: string; label: string }[]>([]);
  const [userId, setUserId] = useState<string | null>(null);
  const [cameraWanted, setCameraWanted] = useState(false);
  const { videoRef, state } = useCamera(cameraWanted);
  const engine = useRef<FaceEngine | null>(null);
  const [progress, setProgress] = useState<{ good: number; problem: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const [engineFailed, setEngineFailed] = useState(false);
  const [photoProgress, setPhotoProgress] = useState<{ done: number; total: number } | null>(null);
  const [refused, setRefused] = useState<readonly PhotoOutcome[]>([]);
  // Cleared after each pick, so the same photo can be picked again (for another user, after a failure).
  const resetPhotos = useRef<() => void>(null);

  const reload = useCallback(async () => {
    const page = await api.get<{ results: EnrolledRow[] }>('/api/ComputerVision', { PageSize: 200 });
    setRows(page.results);
  }, []);

  useEffect(() => {
    void reload().catch((e) => notifications.show({ color: 'red', message: errorMessage(t, e) }));
    void api
      .get<{ results: { id: string; title: string }[] }>('/api/User/select', { limit: 200 })
      .then((r) => setUsers(r.results.map((u) => ({ value: u.id, label: u.title }))))
      .catch(() => undefined);
  }, [reload, t]);

  /** The engine, loaded at the first enrolment; null (and the screen says why) when it cannot start. */
  const faceEngine = async (): Promise<FaceEngine | null> => {
    try {
      engine.current ??= await startFaceEngine();
      setEngineFailed(false);
      return engine.current;
    } catch {
      setEngineFailed(true);
      setCameraWanted(false);
      return null;
    }
  };

  const enrol = async () => {
    const video = videoRef.current;
    if (!video || !userId) return;
    setBusy(true);
    try {
      const loaded = await faceEngine();
      if (!loaded) return;
      const descriptors: number[][] = [];
      setProgress({ good: 0, problem: null });
      // A bounded number of tries: a person who walks away does not keep the camera reading for ever.
      for (let tries = 0; tries < enrolmentFrames * 6 && descriptors.length < enrolmentFrames; tries++) {
        const reading = await loaded.read(video);
        const verdict = judgeFrame(reading);
        if (verdict.ok && reading.descriptor) descriptors.push(Array.from(reading.descriptor));
        setProgress({ good: descriptors.length, problem: verdict.ok ? null : verdict.reason });
        await pause(300);
      }
      if (descriptors.length < enrolmentFrames) {
        notifications.show({ color: 'orange', message: t('errors:noFaceDetected') });
        return;
      }
      await api.post('/api/ComputerVision', { userId, descriptors, source: 'camera' });
      notifications.show({ color: 'teal', message: t('faces:enrolled') });
      setCameraWanted(false);
      await reload();
    } catch (e) {
      notifications.show({ color: 'red', message: errorMessage(t, e) });
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  const enrolFromPhotos = async (files: File[]) => {
    if (!userId || files.length === 0) return;
    setRefused([]);
    if (files.length > maxDescriptorsPerPerson) {
      notifications.show({
        color: 'orange',
        message: t('faces:photos.tooMany', { max: maxDescriptorsPerPerson }),
      });
      return;
    }
    setBusy(true);
    try {
      const loaded = await faceEngine();
      if (!loaded) return;
      setPhotoProgress({ done: 0, total: files.length });
      const outcomes = await readPhotos(files, loaded, (done) =>
        setPhotoProgress({ done, total: files.length }),
      );
      setRefused(outcomes.filter((o) => o.problem !== null));
      const descriptors = outcomes.flatMap((o) => (o.descriptor ? [o.descriptor] : []));
      if (descriptors.length === 0) return;
      await api.post('/api/ComputerVision', { userId, descriptors, source: 'photo' });
      notifications.show({
        color: 'teal',
        message: t('faces:photos.enrolled', { count: descriptors.length }),
      });
      await reload();
    } catch (e) {
      notifications.show({ color: 'red', message: errorMessage(t, e) });
    } finally {
      setBusy(false);
      setPhotoProgress(null);
      resetPhotos.current?.();
    }
  };

  const remove = async (row: EnrolledRow) => {
    try {
      await api.delete(`/api/ComputerVision/${row.id}`);
      await reload();
    } catch (e) {
      notifications.show({ color: 'red', message: errorMessage(t, e) });
    }
  };

  return (
    <Stack gap="md" maw={720}>
      <Title order={2}>{t('common:menu.items.faceDatabase')}</Title>
      <Alert color="blue" data-testid="faces-what-is-stored">
        <Text size="sm">{t('faces:whatIsStored', { max: maxDescriptorsPerPerson })}</Text>
      </Alert>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={4}>{t('faces:enrol.title')}</Title>
          <Select
            label={t('faces:enrol.user')}
            data={users}
            value={userId}
            onChange={setUserId}
            searchable
            // Picking the chosen user again keeps them (the next enrolment, from photos, is often for the same person).
            allowDeselect={false}
            data-testid="faces-user"
          />
          <video
            ref={videoRef}
            playsInline
            muted
            style={{
              width: '100%',
              maxWidth: 360,
              display: cameraWanted ? 'block' : 'none',
              borderRadius: 8,
            }}
            data-testid="faces-preview"
          />
          {state === 'on' && (
            <Text size="sm" c="red" data-testid="camera-indicator">
              ● {t('faces:cameraOn')}
            </Text>
          )}
          {state === 'cameraPermissionMissing' && (
            <Alert color="red">{t('errors:cameraPermissionMissing')}</Alert>
          )}
          {engineFailed && (
            <Alert color="red" data-testid="faces-engine-unavailable">
              {t('errors:faceEngineUnavailable')}
            </Alert>
          )}
          {progress && (
            <Stack gap={4}>
              <Progress value={(progress.good / enrolmentFrames) * 100} data-testid="faces-progress" />
              <Text size="sm">
                {t('faces:enrol.frames', { good: progress.good, total: enrolmentFrames })}
                {progress.problem ? ` — ${t(`faces:quality.${progress.problem}`)}` : ''}
              </Text>
            </Stack>
          )}
          {photoProgress && (
            <Stack gap={4}>
              <Progress value={(photoProgress.done / photoProgress.total) * 100} />
              <Text size="sm" data-testid="faces-photo-progress">
                {t('faces:photos.reading', {
                  done: Math.min(photoProgress.done + 1, photoProgress.total),
                  total: photoProgress.total,
                })}
              </Text>
            </Stack>
          )}
          {refused.length > 0 && (
            <Alert color="orange" title={t('faces:photos.refused')} data-testid="faces-photos-refused">
              <List size="sm">
                {/* One pick is files of one folder: their names differ. */}
                {refused.map((photo) => (
                  <List.Item key={photo.name} style={{ overflowWrap: 'anywhere' }}>
                    {photo.name}: {photo.problem ? t(`faces:photos.problem.${photo.problem}`) : ''}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Group>
            <Button
              mih={48}
              variant="default"
              onClick={() => setCameraWanted((v) => !v)}
              data-testid="faces-camera"
            >
              {cameraWanted ? t('faces:enrol.stopCamera') : t('faces:enrol.startCamera')}
            </Button>
            <Button
              mih={48}
              onClick={() => void enrol()}
              loading={busy}
              disabled={!userId || state !== 'on'}
              data-testid="faces-enrol"
            >
              {t('faces:enrol.capture')}
            </Button>
            <FileButton
              onChange={(files) => void enrolFromPhotos(files)}
              accept={photoTypes}
              multiple
              resetRef={resetPhotos}
              inputProps={{ 'data-testid': 'faces-photos-input' } as Record<string, string>}
            >
              {(props) => (
                <Button
                  {...props}
                  mih={48}
                  variant="default"
                  disabled={!userId || busy}
                  data-testid="faces-photos"
                >
                  {t('faces:photos.choose')}
                </Button>
              )}
            </FileButton>
          </Group>
        </Stack>
      </Paper>
      <Title order={4}>{t('faces:enrolledList')}</Title>
      {rows.length === 0 ? (
        <Text c="dimmed">{t('faces:nobodyEnrolled')}</Text>
      ) : (
        <Table data-testid="faces-list">
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.name}</Table.Td>
                <Table.Td data-testid="faces-descriptor-count" data-count={row.descriptorCount ?? 0}>
                  {t('faces:descriptorCount', { count: row.descriptorCount ?? 0 })}
                </Table.Td>
                <Table.Td>{row.enrolledAt ? formatDateTime(row.enrolledAt) : ''}</Table.Td>
                <Table.Td>
                  <Button size="xs" color="red" variant="light" onClick={() => void remove(row)}>
                    {t('common:actions.delete')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
};
