import { errorCodes } from '../../../domain/errors';
import { definitionOf, type Intent } from '../../../domain/sync/intents';
import type { SyncError, SyncStatus } from '../../../sync/status';
import type { Rejection } from '../../../sync/types';
import type { Translate } from '../../i18n/i18n';
import { issueText } from '../documents/issueText';

/** "5 minutes ago" in the UI language (Intl.RelativeTimeFormat; no translation keys needed). */
export const relativeTime = (ms: number, language: string): string => {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const seconds = Math.round(ms / 1000);
  if (Math.abs(seconds) < 60) return format.format(-seconds, 'second');
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return format.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 48) return format.format(-hours, 'hour');
  return format.format(-Math.round(hours / 24), 'day');
};

/** Translation key (sync:intents.*) of an intent's action: its kind's label (domain/sync/intents.ts). */
export const intentKey = (intent: Intent): string => definitionOf(intent).labelKey;

const isErrorCode = (code: string): boolean => (errorCodes as readonly string[]).includes(code);

/** The rejection's own message (errors:<code>) followed by each rule issue (warehouse:issues.<code>). */
export const rejectionTexts = (t: Translate, rejection: Rejection): string[] => {
  const head = isErrorCode(rejection.code)
    ? t(`errors:${rejection.code}`)
    : (rejection.message ?? t('errors:somethingWentWrong'));
  const issues = (rejection.issues ?? []).map((i) => issueText(t, i));
  const fields = (rejection.fields ?? []).map((f) => `${f.field}: ${t(`errors:${f.rule}`, { ...f.params })}`);
  return [head, ...issues, ...fields];
};

/** Which way forward the inspector suggests for a rejection (sync:ways.<key>). */
export const wayForwardKey = (rejection: Rejection): string => {
  const codes = [rejection.code, ...(rejection.issues ?? []).map((i) => i.code)];
  if (codes.includes('stockShortfall') || codes.includes('quantityExceedsAvailable')) return 'stockTaken';
  if (codes.includes('notFoundOrNoPermission') || codes.includes('alreadyRemoved')) return 'gone';
  if (
    codes.includes('statusForbidsChange') ||
    codes.includes('statusForbidsDelete') ||
    codes.includes('notWorkingCopy')
  )
    return 'changedOnServer';
  if (rejection.status === 403) return 'forbidden';
  return 'fixLine';
};

/** A sync error for the chip and the inspector. */
export const syncErrorText = (t: Translate, error: SyncError): string => {
  if (error.kind === 'auth') return t('sync:details.signInRequired');
  if (error.status === 0) return t('sync:errors.network');
  if (error.status >= 500) return t('sync:errors.server');
  return isErrorCode(error.code) ? t(`errors:${error.code}`) : t('sync:errors.server');
};

/** The chip's colour and headline for a status: problems first. */
export const chipLook = (s: SyncStatus): { color: string; label: string } => {
  if (s.signInRequired) return { color: 'red', label: 'chip.signIn' };
  if (s.rejected > 0) return { color: 'red', label: 'chip.rejected' };
  if (!s.online) return { color: 'orange', label: 'chip.offline' };
  if (s.pushing || s.pulling) return { color: 'blue', label: 'chip.syncing' };
  if (s.stale) return { color: 'orange', label: 'chip.stale' };
  return { color: 'teal', label: 'chip.online' };
};
