import { describe, expect, it } from 'vitest';
import { companyResource } from '../../../domain/resources/definitions/company';
import { userResource } from '../../../domain/resources/definitions/user';
import { validateRecord } from '../../../domain/resources/schema';
import { defineResource } from '../../../domain/resources/types';

const sample = defineResource({
  name: 'sample',
  path: 'Sample',
  route: 'samples',
  section: 'other',
  titleField: 'name',
  read: 'any',
  write: 'any',
  fields: {
    name: { kind: 'string', required: true, minLength: 2, maxLength: 5 },
    code: { kind: 'string', maxLength: 10, upperCase: true, forbiddenChars: '_' },
    mail: { kind: 'email', lowerCase: true },
    phone: { kind: 'phone' },
    count: { kind: 'integer', min: 0, max: 10 },
    ratio: { kind: 'decimal', min: -1.5, max: 1.5 },
    flag: { kind: 'boolean' },
    day: { kind: 'date' },
    at: { kind: 'datetime' },
    kind: { kind: 'enum', options: ['a', 'b'] },
    kinds: { kind: 'enumList', options: ['a', 'b'] },
    tags: { kind: 'tags' },
    ref: { kind: 'ref', ref: 'sample' },
    data: { kind: 'json' },
    color: { kind: 'color' },
    stamp: { kind: 'datetime', readOnly: true },
    secret: { kind: 'string', internal: true },
  },
});

const rulesOf = (input: Record<string, unknown>) => validateRecord(sample, { name: 'ok', ...input }).errors;

describe('validateRecord', () => {
  it('accepts a valid record and normalises it', () => {
    const { value, errors } = validateRecord(sample, {
      name: '  abc ',
      code: 'ab-1',
      mail: 'Someone@Example.COM',
      phone: '+48 600 100 200',
      count: '7',
      ratio: 1.25,
      flag: false,
      day: '2024-02-29',
      at: '2024-02-29T10:00:00+01:00',
      kind: 'b',
      kinds: ['a', 'b'],
      tags: [' x ', 'y'],
      ref: '5f0c7d3e-8a2b-4c1d-9e0f-123456789abc',
      data: { nested: [1, 'two', null] },
      color: '#A0b1C2',
    });
    expect(errors).toEqual([]);
    expect(value).toEqual({
      name: 'abc',
      code: 'AB-1',
      mail: 'someone@example.com',
      phone: '+48 600 100 200',
      count: 7,
      ratio: 1.25,
      flag: false,
      day: '2024-02-29',
      at: '2024-02-29T10:00:00+01:00',
      kind: 'b',
      kinds: ['a', 'b'],
      tags: ['x', 'y'],
      ref: '5f0c7d3e-8a2b-4c1d-9e0f-123456789abc',
      data: { nested: [1, 'two', null] },
      color: '#A0b1C2',
    });
  });

  it('drops unknown, read-only and internal keys and keeps absent ones absent', () => {
    const { value, errors } = validateRecord(sample, {
      name: 'ok',
      stamp: '2024-01-01T00:00:00Z',
      secret: 'x',
      id: 'x',
      clientAccountId: 'y',
      extra: 1,
    });
    expect(errors).toEqual([]);
    expect(value).toEqual({ name: 'ok' });
  });

  it('turns empty optional values into null', () => {
    const { value } = validateRecord(sample, { name: 'ok', code: '   ', count: '', ref: null });
    expect(value).toEqual({ name: 'ok', code: null, count: null, ref: null });
  });

  it('reports required for missing, null and blank required values', () => {
    for (const name of [undefined, null, '', '   '])
      expect(validateRecord(sample, { name }).errors).toEqual([{ field: 'name', rule: 'required' }]);
    expect(validateRecord(sample, 'not an object').errors).toEqual([{ field: 'name', rule: 'required' }]);
    expect(validateRecord(sample, null).errors).toEqual([{ field: 'name', rule: 'required' }]);
  });

  it('reports each rule with its params', () => {
    expect(validateRecord(sample, { name: 'a' }).errors).toEqual([
      { field: 'name', rule: 'minLength', params: { min: 2 } },
    ]);
    expect(validateRecord(sample, { name: 'abcdef' }).errors).toEqual([
      { field: 'name', rule: 'maxLength', params: { max: 5 } },
    ]);
    expect(rulesOf({ count: -1 })).toEqual([{ field: 'count', rule: 'minValue', params: { min: 0 } }]);
    expect(rulesOf({ count: '11' })).toEqual([{ field: 'count', rule: 'maxValue', params: { max: 10 } }]);
    expect(rulesOf({ ratio: -2 })).toEqual([{ field: 'ratio', rule: 'minValue', params: { min: -1.5 } }]);
    expect(rulesOf({ mail: 'nope@' })).toEqual([{ field: 'mail', rule: 'email' }]);
    expect(rulesOf({ code: 'a_b' })).toEqual([{ field: 'code', rule: 'forbiddenChar' }]);
    expect(rulesOf({ phone: '600100200' })).toEqual([{ field: 'phone', rule: 'phoneCountryCode' }]);
    expect(rulesOf({ phone: '+0 600 100 200' })).toEqual([{ field: 'phone', rule: 'phoneCountryCode' }]);
  });

  it('reports invalidValue for values of the wrong kind', () => {
    const invalid: Record<string, unknown[]> = {
      name: [42, ['ab'], { a: 1 }],
      count: ['abc', 1.5, true, Number.NaN],
      ratio: ['1,5', {}],
      flag: ['true', 1],
      day: ['2024-2-1', '01.02.2024', 20240201],
      at: ['2024-02-29 10:00', '2024-02-29T10:00:00', 'tomorrow'],
      kind: ['c', 1],
      kinds: ['a', ['c']],
      tags: ['x', [1], ['']],
      ref: ['abc', 1, '5f0c7d3e-8a2b-4c1d-9e0f'],
      color: ['red', '#abc', '#12345g'],
    };
    for (const [field, values] of Object.entries(invalid))
      for (const v of values)
        expect(rulesOf({ [field]: v }), `${field} = ${JSON.stringify(v)}`).toEqual([
          { field, rule: 'invalidValue' },
        ]);
  });

  it('reports one error per field, in field order', () => {
    const { errors } = validateRecord(sample, { name: 'x'.repeat(9), mail: 'x'.repeat(3), count: 99 });
    expect(errors).toEqual([
      { field: 'name', rule: 'maxLength', params: { max: 5 } },
      { field: 'mail', rule: 'email' },
      { field: 'count', rule: 'maxValue', params: { max: 10 } },
    ]);
  });

  it('applies the real definitions: user names lower case without forbidden characters, company codes upper case', () => {
    const user = validateRecord(userResource, { username: ' John.Smith ', email: 'J@Example.com' });
    expect(user.errors).toEqual([]);
    expect(user.value).toMatchObject({ username: 'john.smith', email: 'j@example.com' });
    expect(validateRecord(userResource, { username: 'john smith', email: 'j@example.com' }).errors).toEqual([
      { field: 'username', rule: 'forbiddenChar' },
    ]);
    expect(validateRecord(userResource, { username: 'jo', email: 'j@example.com' }).errors).toEqual([
      { field: 'username', rule: 'minLength', params: { min: 3 } },
    ]);
    const company = validateRecord(companyResource, {
      shortName: 'ACME',
      taxCountry: 'pl',
      swift: 'bigbplpw',
    });
    expect(company.value).toMatchObject({ taxCountry: 'PL', swift: 'BIGBPLPW' });
    expect(validateRecord(companyResource, { shortName: 'A', taxCountry: 'POL' }).errors).toEqual([
      { field: 'taxCountry', rule: 'maxLength', params: { max: 2 } },
    ]);
  });
});
