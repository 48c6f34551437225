import type { ErrorCode, FieldError } from '../../../domain/errors';
import { ApiError } from '../../api/apiError';

/** A failed rule of one form field (translated from errors.json at render time). */
export interface RuleFailure {
  readonly rule: ErrorCode;
  readonly params?: Readonly<Record<string, string | number>>;
}

export type FormErrors<K extends string> = Partial<Record<K, RuleFailure>>;

export const passwordMinLength = 8;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Phone numbers must include the country code, e.g. +48 600 700 800 (docs/decisions.md). */
const phonePattern = /^\+[1-9][0-9 ()-]{6,20}$/;

export const checkRequired = (value: string): RuleFailure | undefined =>
  value.trim() === '' ? { rule: 'required' } : undefined;

export const checkEmail = (value: string): RuleFailure | undefined =>
  checkRequired(value) ?? (emailPattern.test(value.trim()) ? undefined : { rule: 'email' });

export const checkOptionalEmail = (value: string): RuleFailure | undefined =>
  value.trim() === '' || emailPattern.test(value.trim()) ? undefined : { rule: 'email' };

export const checkPassword = (value: string): RuleFailure | undefined =>
  checkRequired(value) ??
  (value.length < passwordMinLength ? { rule: 'minLength', params: { min: passwordMinLength } } : undefined);

export const checkConfirm = (password: string, confirm: string): RuleFailure | undefined =>
  checkRequired(confirm) ?? (password === confirm ? undefined : { rule: 'sameAsPassword' });

export const checkOptionalPhone = (value: string): RuleFailure | undefined =>
  value.trim() === '' || phonePattern.test(value.trim()) ? undefined : { rule: 'phoneCountryCode' };

/** Drops the fields that passed. */
export const failures = <K extends string>(checks: Record<K, RuleFailure | undefined>): FormErrors<K> => {
  const out: FormErrors<K> = {};
  for (const key of Object.keys(checks) as K[]) {
    const failure = checks[key];
    if (failure) out[key] = failure;
  }
  return out;
};

/**
 * Splits the server's field errors into those of the form's fields and the rest.
 * `aliases` maps other server field names onto form fields.
 */
export const serverFieldErrors = <K extends string>(
  fields: readonly FieldError[],
  formFields: readonly K[],
  aliases: Readonly<Record<string, K>> = {},
): { readonly errors: FormErrors<K>; readonly unmatched: FieldError[] } => {
  const errors: FormErrors<K> = {};
  const unmatched: FieldError[] = [];
  for (const f of fields) {
    const key = (formFields as readonly string[]).includes(f.field) ? (f.field as K) : aliases[f.field];
    if (key && !errors[key]) errors[key] = { rule: f.rule, params: f.params };
    else if (!key) unmatched.push(f);
  }
  return { errors, unmatched };
};

/** Splits a failed call into field errors and an alert message (null when the fields say it all). */
export const splitFailure = <K extends string>(
  error: unknown,
  fields: readonly K[],
  codeField: Partial<Record<ErrorCode, K>> = {},
): { errors: FormErrors<K>; alert: unknown } => {
  if (!(error instanceof ApiError)) return { errors: {}, alert: error };
  const { errors, unmatched } = serverFieldErrors(error.fields, fields);
  const own = codeField[error.code];
  if (Object.keys(errors).length === 0 && own) errors[own] = { rule: error.code };
  const matched = Object.keys(errors).length > 0;
  return { errors, alert: matched && unmatched.length === 0 ? null : error };
};
