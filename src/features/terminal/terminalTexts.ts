import { errorCodes } from '../../../domain/errors';
import type { Translate } from '../../i18n/i18n';
import { issueText } from '../documents/issueText';
import type { SyncState } from './data/syncStates';
import type { Feedback } from './terminalFlow';

/** Badge colours of the sync states (Mantine palette names, so dark mode follows the theme). */
export const stateColor: Readonly<Record<SyncState, string>> = {
  pending: 'orange',
  accepted: 'teal',
  rejected: 'red',
};

const isErrorCode = (code: string): boolean => (errorCodes as readonly string[]).includes(code);

/**
 * The sentences of a feedback: its own text, or for a refusal each broken rule (warehouse:issues.<code>)
 * — the error code's own message (errors:<code>) only when no rule says more.
 */
export const feedbackTexts = (t: Translate, feedback: Feedback): string[] => {
  const out: string[] = [];
  if (feedback.key) out.push(t(feedback.key, { ...feedback.params }));
  const refusal = feedback.refusal;
  if (refusal) {
    const issues = (refusal.issues ?? []).map((i) => issueText(t, i));
    const fields = (refusal.fields ?? []).map((f) =>
      t('terminal:feedback.field', { field: f.field, message: t(`errors:${f.rule}`, { ...f.params }) }),
    );
    if (!issues.length && !fields.length)
      out.push(isErrorCode(refusal.code) ? t(`errors:${refusal.code}`) : t('errors:somethingWentWrong'));
    out.push(...issues, ...fields);
  }
  return out;
};

/** A quantity for display: up to 6 decimals, no trailing zeros, in the UI language. */
export const quantityText = (value: number | null | undefined, language: string): string =>
  value === null || value === undefined
    ? ''
    : new Intl.NumberFormat(language, { maximumFractionDigits: 6 }).format(value);
