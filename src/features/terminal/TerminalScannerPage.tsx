import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScannerSettings } from '../scanner/ScannerSettings';
import { TerminalLayout } from './TerminalLayout';
import { terminalPath } from './terminalPaths';

/** /terminal/scanner: this device's keyboard-wedge settings, tried out on the spot. */
export const TerminalScannerPage = (): ReactNode => {
  const { t } = useTranslation('terminal');
  return (
    <TerminalLayout title={t('home.scannerSettings')} back={terminalPath}>
      <ScannerSettings />
    </TerminalLayout>
  );
};
