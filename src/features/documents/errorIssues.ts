import type { RuleIssue } from '../../../domain/errors';
import { ApiError } from '../../api/apiError';

const positionField = /^positions\.(\d+)\.(.+)$/;

/**
 * Everything a failed save says about single fields, as issues: the warehouse rule issues of a 422
 * documentInvalid, and the field errors of a 400 (`positions.<index>.<field>` lands on that row).
 */
export const errorIssues = (error: unknown): RuleIssue[] => {
  if (!(error instanceof ApiError)) return [];
  const fromFields = error.fields.map((f): RuleIssue => {
    const match = positionField.exec(f.field);
    return match
      ? { code: f.rule, positionIndex: Number(match[1]), field: match[2], params: f.params }
      : { code: f.rule, field: f.field, params: f.params };
  });
  return [...(error.body.issues ?? []), ...fromFields];
};
