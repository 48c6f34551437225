import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraScanButton } from '../scanner/CameraScanButton';
import { useScanner } from '../scanner/useScanner';

export interface ScanBarProps {
  /** A code from the keyboard-wedge scanner, the camera or typed by hand. */
  readonly onScan: (code: string) => void;
  /** What to scan now (the input's accessible name; the screen shows it as its step). */
  readonly label: string;
  /** Off while a dialog of the screen is open. */
  readonly enabled?: boolean;
}

/**
 * The terminal's one scanning place: the keyboard-wedge scanner (listening on the whole page while mounted),
 * the camera, and a text field for typing a code by hand. Every screen reacts only to `onScan`.
 */
export const ScanBar = ({ onScan, label, enabled = true }: ScanBarProps): ReactNode => {
  const { t } = useTranslation('terminal');
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useScanner((scan) => onScan(scan.code), { enabled });
  // The field has the focus at each step (a scanner that types into the focused field lands here, never elsewhere).
  useEffect(() => {
    // `label` names the step: a new step takes the focus back to the field.
    if (enabled && label) input.current?.focus({ preventScroll: true });
  }, [enabled, label]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = text.trim();
    if (!code) return;
    setText('');
    onScan(code);
  };
  return (
    <Stack gap="xs">
      <form onSubmit={submit}>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            ref={input}
            aria-label={label}
            placeholder={t('scan.placeholder')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            size="lg"
            style={{ flex: 1 }}
            autoComplete="off"
            autoCapitalize="characters"
            enterKeyHint="go"
            data-testid="terminal-scan-input"
          />
          <Button
            type="submit"
            size="lg"
            disabled={!enabled}
            style={{ flexShrink: 0 }}
            data-testid="terminal-scan-submit"
          >
            {t('scan.submit')}
          </Button>
        </Group>
      </form>
      {enabled ? <CameraScanButton onScan={(scan) => onScan(scan.code)} /> : null}
    </Stack>
  );
};
