import { Alert, Button, Group, Paper, Progress, Select, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maxDescriptorsPerPerson } from '../../../domain/faces/enrolment';
import { judgeFrame } from '../../../domain/faces/faceQuality';
import { api } from '../../api/http';
import { errorMessage } from '../../i18n/i18n';
import { formatDateTime } from '../../resources/format';
import type { FaceEngine } from './faceEngine';
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

/**
 * /face-database: who is enrolled (delete removes their descriptors) and enrolment of a user from the camera —
 * several good frames (one face, big and clear enough), only their descriptors sent, never the picture.
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

  const enrol = async () => {
    const video = videoRef.current;
    if (!video || !userId) return;
    setBusy(true);
    try {
      engine.current ??= await (await import('./faceEngine')).loadFaceEngine();
      const descriptors: number[][] = [];
      setProgress({ good: 0, problem: null });
      // A bounded number of tries: a person who walks away does not keep the camera reading for ever.
      for (let tries = 0; tries < enrolmentFrames * 6 && descriptors.length < enrolmentFrames; tries++) {
        const reading = await engine.current.read(video);
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
          {progress && (
            <Stack gap={4}>
              <Progress value={(progress.good / enrolmentFrames) * 100} data-testid="faces-progress" />
              <Text size="sm">
                {t('faces:enrol.frames', { good: progress.good, total: enrolmentFrames })}
                {progress.problem ? ` — ${t(`faces:quality.${progress.problem}`)}` : ''}
              </Text>
            </Stack>
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
                <Table.Td>{t('faces:descriptorCount', { count: row.descriptorCount ?? 0 })}</Table.Td>
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
