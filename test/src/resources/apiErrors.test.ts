import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/apiError';
import { errorCodeOf, errorText, fieldErrorsOf } from '../../../src/resources/apiErrors';

const t = (key: string, options?: Record<string, unknown>) =>
  key === 'errors:minLength' ? `min ${String(options?.min)}` : String(options?.defaultValue ?? key);

describe('api error helpers', () => {
  const error = new ApiError(400, {
    code: 'formHasErrors',
    message: 'x',
    fields: [
      { field: 'name', rule: 'minLength', params: { min: 3 } },
      { field: 'bad', rule: 'notARule' as 'required' },
    ],
  });

  it('reads the code and the valid field errors of an ApiError', () => {
    expect(errorCodeOf(error)).toBe('formHasErrors');
    expect(fieldErrorsOf(error)).toEqual([{ field: 'name', rule: 'minLength', params: { min: 3 } }]);
  });

  it('falls back to somethingWentWrong', () => {
    expect(errorCodeOf(new Error('boom'))).toBe('somethingWentWrong');
    expect(errorCodeOf({ code: 'nope' })).toBe('somethingWentWrong');
    expect(fieldErrorsOf(null)).toEqual([]);
  });

  it('translates a code with its params', () => {
    expect(errorText(t, 'minLength', { min: 3 })).toBe('min 3');
  });
});
