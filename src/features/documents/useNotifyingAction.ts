import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../i18n/i18n';

export interface NotifyingAction<K extends string> {
  /** The action running now (its button shows a spinner, the others wait). */
  readonly busy: K | null;
  /**
   * Runs `work` as action `key`: its success message (if it returns one) shows green, a failure red with the
   * error's translated message. Resolves to whether it succeeded.
   */
  readonly run: (key: K, work: () => Promise<string | undefined>) => Promise<boolean>;
}

/** One action at a time on a record's screen (confirm, revert, generate, approve…), each ending in a notice. */
export const useNotifyingAction = <K extends string>(): NotifyingAction<K> => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<K | null>(null);
  const run = async (key: K, work: () => Promise<string | undefined>): Promise<boolean> => {
    setBusy(key);
    try {
      const message = await work();
      if (message) notifications.show({ color: 'green', message });
      return true;
    } catch (e) {
      notifications.show({ color: 'red', message: errorMessage(t, e) });
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
};
