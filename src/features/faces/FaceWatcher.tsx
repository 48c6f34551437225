import { Badge, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AnalyseResponse } from '../../../domain/faces/enrolment';
import { isFaceDescriptor } from '../../../domain/faces/faceMatch';
import { api } from '../../api/http';
import { useReplicaQuery } from '../../db/useReplicaQuery';
import { signOut } from '../../session/session';
import { useAuthStore } from '../../state/authStore';
import {
  type KnownFace,
  knownFaceIndex,
  type Recognition,
  shouldOfferSwitch,
  startRecognitionLoop,
} from './recognitionLoop';
import { startFaceEngine } from './startFaceEngine';
import { useCamera, usePageVisible } from './useCamera';

// Loaded when someone else is recognised, not with the header (the service worker precaches it for offline).
const SwitchUserPrompt = lazy(async () => ({ default: (await import('./SwitchUserPrompt')).SwitchUserPrompt }));

const browserTimers = {
  after: (ms: number, fn: () => void) => {
    const id = window.setTimeout(fn, ms);
    return () => window.clearTimeout(id);
  },
};

const knownFaceOf = (row: Record<string, unknown>): KnownFace => ({
  id: String(row.id),
  name: String(row.name ?? ''),
  userId: typeof row.userId === 'string' ? row.userId : null,
  descriptors: Array.isArray(row.descriptors) ? row.descriptors.filter(isFaceDescriptor) : [],
});

/** The server's answer as a recognition; undefined when offline (the device's own match decides). */
const askServer = async (descriptor: Float32Array): Promise<Recognition | undefined> => {
  if (!navigator.onLine) return undefined;
  const answer = await api.post<AnalyseResponse>(
    '/api/ComputerVision/analyse',
    { descriptor: Array.from(descriptor) },
    { silent: true },
  );
  return answer.match
    ? {
        kind: 'recognised',
        face: { id: answer.match.computerVisionId, name: answer.match.name, userId: answer.match.userId },
      }
    : { kind: 'nobodyRecognised' };
};

/**
 * Who holds the terminal, every 10 s, from the front camera (loaded only when the company switched face
 * recognition on): the operator's name in the header with a camera indicator, and a prompt to switch user when
 * someone else of the company holds it. Nothing runs while the page is hidden; the camera stops with it. When the
 * face engine cannot start (its files not loaded, no TensorFlow backend), the camera goes off, the header says
 * so and the terminal goes on without faces.
 */
export const FaceWatcher = (): ReactNode => {
  const { t } = useTranslation('faces');
  const navigate = useNavigate();
  const visible = usePageVisible();
  const [engineFailed, setEngineFailed] = useState(false);
  const { videoRef, state } = useCamera(visible && !engineFailed);
  const signedIn = useAuthStore((s) => s.claims?.sub ?? '');
  const rows = useReplicaQuery((tx) => tx.all('computerVision'), []);
  // Indexed once per change of the replica's faces, not at every look.
  const known = useMemo(() => knownFaceIndex((rows ?? []).map(knownFaceOf)), [rows]);
  const knownRef = useRef(known);
  knownRef.current = known;
  const [result, setResult] = useState<Recognition | null>(null);
  const [offer, setOffer] = useState<{ userId: string; name: string } | null>(null);
  const declined = useRef<string | null>(null);

  useEffect(() => {
    if (state !== 'on') return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    // TensorFlow and face-api only once the camera runs: the header's indicator needs none of them.
    void startFaceEngine().then(
      (engine) => {
        if (cancelled) return;
        stop = startRecognitionLoop({
          look: async () => {
            const video = videoRef.current;
            if (!video || video.readyState < 2) return null;
            return (await engine.read(video)).descriptor;
          },
          known: async () => knownRef.current,
          askServer,
          isVisible: () => document.visibilityState !== 'hidden',
          timers: browserTimers,
          onRecognition: (r) => {
            setResult(r);
            const userId = shouldOfferSwitch(r, signedIn, declined.current);
            if (userId && r.kind === 'recognised') setOffer({ userId, name: r.face.name });
          },
        });
      },
      () => {
        if (cancelled) return;
        setEngineFailed(true);
        notifications.show({ color: 'orange', message: t('errors:faceEngineUnavailable') });
      },
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [state, signedIn, videoRef, t]);

  const label = engineFailed
    ? t('unavailable')
    : state === 'cameraPermissionMissing'
      ? t('errors:cameraPermissionMissing')
      : result?.kind === 'recognised'
        ? result.face.name
        : result
          ? t(`errors:${result.kind}`)
          : t('looking');
  return (
    <>
      <video ref={videoRef} playsInline muted style={{ display: 'none' }} data-testid="face-video" />
      <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
        {state === 'on' && (
          // A red dot only (its meaning in its label): beside the operator and the sync chip, a word does not fit
          // a 360 px header.
          <Badge
            color="red"
            variant="dot"
            size="lg"
            px={6}
            data-testid="camera-indicator"
            title={t('cameraOn')}
            aria-label={t('cameraOn')}
          />
        )}
        <Badge
          color={result?.kind === 'recognised' ? 'teal' : 'gray'}
          variant="light"
          size="lg"
          maw={180}
          data-testid="face-operator"
          data-state={
            engineFailed
              ? 'faceEngineUnavailable'
              : state === 'cameraPermissionMissing'
                ? state
                : (result?.kind ?? 'looking')
          }
          title={engineFailed ? t('errors:faceEngineUnavailable') : undefined}
        >
          {label}
        </Badge>
      </Group>
      {offer && (
        <Suspense fallback={null}>
          <SwitchUserPrompt
            name={offer.name}
            onStay={() => {
              declined.current = offer.userId;
              setOffer(null);
            }}
            onSwitch={() => {
              setOffer(null);
              signOut();
              navigate('/signin');
            }}
          />
        </Suspense>
      )}
    </>
  );
};
