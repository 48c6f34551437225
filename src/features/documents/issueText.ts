import { errorCodes, type RuleIssue } from '../../../domain/errors';
import { warehouseIssueCodes } from '../../../domain/warehouse/issues';
import type { Translate } from '../../i18n/i18n';

const known = (list: readonly string[], code: string): boolean => list.includes(code);

/**
 * The message of a rule issue: warehouse rules from `warehouse:issues.<code>`, form rules from
 * `errors:<code>`, else the server's own (already translated) message.
 */
export const issueText = (t: Translate, issue: Pick<RuleIssue, 'code' | 'params' | 'message'>): string => {
  if (known(warehouseIssueCodes, issue.code)) return t(`warehouse:issues.${issue.code}`, { ...issue.params });
  if (known(errorCodes, issue.code)) return t(`errors:${issue.code}`, { ...issue.params });
  return issue.message ?? t('errors:somethingWentWrong');
};
