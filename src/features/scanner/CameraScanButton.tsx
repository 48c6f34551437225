import { Alert, Box, Button, Loader, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CameraProblem, cameraProblemOf } from './cameraErrors';
import type { Scan } from './scan';

export interface CameraScanButtonProps {
  readonly onScan: (scan: Scan) => void;
}

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

/**
 * A large button that opens the camera in a dialog; the first code read closes it and is handed to
 * `onScan` as a camera scan. Native BarcodeDetector when the browser has one, ZXing otherwise.
 */
export const CameraScanButton = ({ onScan }: CameraScanButtonProps): ReactNode => {
  const { t } = useTranslation('scanner');
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const handleCode = useCallback(
    (code: string) => {
      setOpen(false);
      onScan({ code, source: 'camera' });
    },
    [onScan],
  );
  return (
    <>
      <Button
        size="lg"
        fullWidth
        variant="light"
        onClick={() => setOpen(true)}
        data-testid="camera-scan-button"
      >
        {t('camera.open')}
      </Button>
      <Modal opened={open} onClose={close} title={t('camera.title')} size="lg" centered>
        {open && <CameraView onCode={handleCode} />}
        <Button mt="md" variant="default" fullWidth onClick={close} data-testid="camera-scan-close">
          {t('camera.close')}
        </Button>
      </Modal>
    </>
  );
};
