import { AppError } from '../../../domain/errors';
import type { WarehouseIssue } from '../../../domain/warehouse/issues';
import { refusalOf } from '../../../domain/warehouse/refusal';

/**
 * The API error of broken warehouse rules, mapped as the documents module maps them: a status that no longer
 * allows the change is the spec's 409 statusForbidsChange, "not enough stock" alone is 409 stockShortfall,
 * anything else 422 documentInvalid. Each carries the issues.
 */
export const issueError = (issues: readonly WarehouseIssue[]): AppError => {
  const copies = issues.map((i) => ({ ...i, ...(i.params ? { params: { ...i.params } } : {}) }));
  if (issues.some((i) => i.code === 'statusForbidsChange'))
    return new AppError('statusForbidsChange', { issues: copies });
  return new AppError(refusalOf(issues).code, { issues: copies });
};
