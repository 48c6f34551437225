import { Button } from '@mantine/core';
import { type ReactNode, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../../ui/lazyNamed';
import { OptionalPart } from '../../ui/OptionalPart';
import type { Scan } from './scan';

// The dialog (Mantine's Modal with its focus trap, scroll lock and scroll area) loads when the camera is first asked
// for: the button is on the terminal's first screen, the dialog is not.
const CameraDialog = lazyNamed(() => import('./CameraDialog'), 'CameraDialog');

export interface CameraScanButtonProps {
  readonly onScan: (scan: Scan) => void;
}

/**
 * A large button that opens the camera in a dialog; the first code read closes it and is handed to
 * `onScan` as a camera scan. Native BarcodeDetector when the browser has one, ZXing otherwise.
 */
export const CameraScanButton = ({ onScan }: CameraScanButtonProps): ReactNode => {
  const { t } = useTranslation('scanner');
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so that it can play its closing.
  const [asked, setAsked] = useState(false);
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
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
        data-testid="camera-scan-button"
      >
        {t('camera.open')}
      </Button>
      {asked && (
        <OptionalPart>
          <Suspense fallback={null}>
            <CameraDialog opened={open} onClose={close} onCode={handleCode} />
          </Suspense>
        </OptionalPart>
      )}
    </>
  );
};
