import { Alert, Box, Button, Loader, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CameraProblem, cameraProblemOf } from './cameraErrors';

type CameraState = { readonly kind: 'starting' } | { readonly kind: 'live' } | CameraFailure;
interface CameraFailure {
  readonly kind: 'error';
  readonly problem: CameraProblem;
}

/** The camera view in the dialog: runs while mounted, reports the first code once. */
const CameraView = ({ onCode }: { readonly onCode: (code: string) => void }): ReactNode => {
  const { t } = useTranslation(['scanner', 'errors']);
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>({ kind: 'starting' });
  const latest = useRef(onCode);
  useEffect(() => {
    latest.current = onCode;
  });

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let cancelled = false;
    let done = false;
    let stop: (() => void) | undefined;
    // The decoder (ZXing, about 450 KB) loads when a camera scan is first asked for.
    import('./cameraScan')
      .then(({ startCameraScan }) =>
        startCameraScan(element, (code) => {
          if (done || cancelled) return;
          done = true;
          stop?.();
          latest.current(code);
        }),
      )
      .then((stopScan) => {
        stop = stopScan;
        if (cancelled || done) stopScan();
        else setState({ kind: 'live' });
      })
      .catch((error: unknown) => {
        if (!cancelled) setState({ kind: 'error', problem: cameraProblemOf(error) });
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);

  return (
    <Stack gap="sm">
      {state.kind === 'error' ? (
        <Alert color="red" role="alert" data-testid="camera-scan-error">
          <Text size="sm">
            {state.problem === 'failed' ? t('scanner:camera.failed') : t('errors:cameraPermissionMissing')}
          </Text>
          {state.problem === 'noCamera' && <Text size="sm">{t('scanner:camera.noCamera')}</Text>}
          {state.problem === 'permission' && <Text size="sm">{t('scanner:camera.allowHint')}</Text>}
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          {t('scanner:camera.hint')}
        </Text>
      )}
      <Box
        pos="relative"
        bg="dark"
        style={{ borderRadius: 8, overflow: 'hidden', display: state.kind === 'error' ? 'none' : 'block' }}
      >
        <video
          ref={video}
          data-testid="camera-scan-video"
          muted
          playsInline
          style={{ width: '100%', maxHeight: '60vh', display: 'block', objectFit: 'cover' }}
        />
        {state.kind === 'starting' && (
          <Stack pos="absolute" inset={0} align="center" justify="center" gap="xs">
            <Loader color="gray" />
            <Text size="sm" c="gray.3">
              {t('scanner:camera.starting')}
            </Text>
          </Stack>
        )}
      </Box>
    </Stack>
  );
};

export interface CameraDialogProps {
  readonly opened: boolean;
  readonly onClose: () => void;
  /** The first code read (the dialog is closed by its owner). */
  readonly onCode: (code: string) => void;
}

/** The camera's dialog (CameraScanButton): loaded when a camera scan is first asked for, with Mantine's Modal. */
export const CameraDialog = ({ opened, onClose, onCode }: CameraDialogProps): ReactNode => {
  const { t } = useTranslation('scanner');
  return (
    <Modal opened={opened} onClose={onClose} title={t('camera.title')} size="lg" centered>
      {opened && <CameraView onCode={onCode} />}
      <Button mt="md" variant="default" fullWidth onClick={onClose} data-testid="camera-scan-close">
        {t('camera.close')}
      </Button>
    </Modal>
  );
};
