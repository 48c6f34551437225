import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { installMemoryStorage } from '../../../support/memoryStorage';

type I18n = typeof import('../../../../src/i18n/i18n');
let i18n: I18n['i18n'];

/** Server-side render (no DOM here): enough to see the markup, test ids and translated texts. */
const html = (node: ReactNode): string => renderToString(<MantineProvider>{node}</MantineProvider>);

beforeAll(async () => {
  installMemoryStorage();
  ({ i18n } = await import('../../../../src/i18n/i18n'));
});

describe('scanner views', () => {
  it('the camera button is large, has its test id and speaks every language', async () => {
    const { CameraScanButton } = await import('../../../../src/features/scanner/CameraScanButton');
    const seen = new Set<string>();
    for (const lng of ['en-us', 'pl-pl', 'de-de', 'fr-fr', 'es-es', 'ru-ru']) {
      await i18n.changeLanguage(lng);
      const markup = html(<CameraScanButton onScan={() => undefined} />);
      expect(markup).toContain('data-testid="camera-scan-button"');
      expect(markup).toContain(i18n.t('scanner:camera.open'));
      expect(markup).not.toContain('camera.open');
      seen.add(i18n.t('scanner:camera.open'));
    }
    expect(seen.size).toBe(6);
    await i18n.changeLanguage('en-us');
  });

  it('the settings panel shows the default settings, translated, with no raw keys', async () => {
    // Server rendering reads a store's initial state (zustand's server snapshot): the defaults.
    const { ScannerSettings } = await import('../../../../src/features/scanner/ScannerSettings');
    await i18n.changeLanguage('pl-pl');
    const markup = html(<ScannerSettings />);
    await i18n.changeLanguage('en-us');
    expect(markup).toContain('data-testid="scanner-settings"');
    expect(markup).toMatch(/data-testid="scanner-max-gap"[^>]*value="50"/);
    expect(markup).toMatch(/data-testid="scanner-suffix"[^>]*value="Enter lub Tab"/);
    expect(markup).toContain('Czytnik kodów kreskowych');
    expect(markup).not.toMatch(/settings\.\w+/);
  });
});
