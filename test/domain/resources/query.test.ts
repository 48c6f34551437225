import { describe, expect, it } from 'vitest';
import { AppError, type ErrorCode } from '../../../domain/errors';
import { companyResource } from '../../../domain/resources/definitions/company';
import { userResource } from '../../../domain/resources/definitions/user';
import { parsePageQuery } from '../../../domain/resources/query';

const codeOf = (fn: () => unknown): ErrorCode | undefined => {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
  return undefined;
};
const filters = (value: unknown) => ({ BasicFiltersSerialized: JSON.stringify(value) });

describe('parsePageQuery', () => {
  it('defaults to the first page of 25 in the definition order', () => {
    expect(parsePageQuery(companyResource, {})).toEqual({
      pageNumber: 1,
      pageSize: 25,
      sortColumn: 'shortName',
      sortDescending: false,
      filters: [],
    });
  });

  it('reads paging, sorting and filters from query strings', () => {
    const q = parsePageQuery(companyResource, {
      PageNumber: '3',
      PageSize: '50',
      sortColumn: 'createdAt',
      sortDescending: 'true',
      ...filters([
        { field: 'shortName', operator: 'contains', value: 'ab' },
        { field: 'roles', value: 'carrier' },
        { field: 'id', operator: 'in', value: ['a', 'b'] },
        { field: 'taxId', operator: 'isNull' },
      ]),
    });
    expect(q).toEqual({
      pageNumber: 3,
      pageSize: 50,
      sortColumn: 'createdAt',
      sortDescending: true,
      filters: [
        { field: 'shortName', operator: 'contains', value: 'ab' },
        { field: 'roles', operator: 'eq', value: 'carrier' },
        { field: 'id', operator: 'in', value: ['a', 'b'] },
        { field: 'taxId', operator: 'isNull' },
      ],
    });
    for (const v of ['1', 'true', true])
      expect(parsePageQuery(companyResource, { sortColumn: 'taxId', sortDescending: v }).sortDescending).toBe(
        true,
      );
    for (const v of ['0', 'false', false, undefined])
      expect(parsePageQuery(companyResource, { sortColumn: 'taxId', sortDescending: v }).sortDescending).toBe(
        false,
      );
  });

  it('an empty sort column keeps the default sort', () => {
    expect(parsePageQuery(companyResource, { sortColumn: '' }).sortColumn).toBe('shortName');
  });

  it('refuses bad paging as badRequest', () => {
    for (const raw of [
      { PageNumber: '0' },
      { PageNumber: '-1' },
      { PageNumber: '1.5' },
      { PageNumber: 'abc' },
      { PageSize: '0' },
      { PageSize: '1001' },
      { PageSize: '1e9' },
      { sortDescending: 'yes' },
      { BasicFiltersSerialized: 'x'.repeat(20_001) },
    ])
      expect(
        codeOf(() => parsePageQuery(companyResource, raw)),
        JSON.stringify(raw).slice(0, 60),
      ).toBe('badRequest');
  });

  it('refuses filters outside the resource fields, wrong operators and shapes as invalidFilter', () => {
    const bad: unknown[] = [
      [{ field: 'nope', value: 1 }],
      [{ field: 'short_name', value: 1 }],
      [{ field: 'clientAccountId', value: 'x' }],
      [{ field: 'version', value: 1 }],
      [{ field: 'shortName; drop table company', value: 1 }],
      [{ field: 'passwordHash', value: 'x' }],
      [{ field: 'shortName', operator: 'like', value: 'x' }],
      [{ field: 'shortName', operator: 'eq', value: ['x'] }],
      [{ field: 'shortName', operator: 'in', value: 'x' }],
      [{ field: 'shortName', value: { a: 1 } }],
      [{ field: 'shortName', value: 'x'.repeat(1001) }],
      [{ value: 'x' }],
      [null],
      'shortName',
      { field: 'shortName', value: 'x' },
      Array.from({ length: 51 }, () => ({ field: 'shortName', operator: 'notNull' })),
    ];
    for (const f of bad)
      expect(
        codeOf(() => parsePageQuery(companyResource, filters(f))),
        JSON.stringify(f).slice(0, 60),
      ).toBe('invalidFilter');
    expect(codeOf(() => parsePageQuery(companyResource, { BasicFiltersSerialized: '[{' }))).toBe(
      'invalidFilter',
    );
    // Write-only and internal user fields are not queryable.
    for (const field of ['password', 'passwordHash', 'activationCode'])
      expect(codeOf(() => parsePageQuery(userResource, filters([{ field, value: 'x' }])))).toBe(
        'invalidFilter',
      );
  });

  it('names the refused field', () => {
    try {
      parsePageQuery(companyResource, filters([{ field: 'nope', value: 1 }]));
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).fields).toEqual([{ field: 'nope', rule: 'invalidValue' }]);
      expect((err as AppError).status).toBe(400);
    }
  });

  it('refuses unknown sort columns as invalidSort', () => {
    for (const sortColumn of [
      'nope',
      'short_name',
      'shortName desc',
      'password',
      'passwordHash',
      'clientAccountId',
    ])
      expect(codeOf(() => parsePageQuery(userResource, { sortColumn }))).toBe('invalidSort');
    expect(parsePageQuery(userResource, { sortColumn: 'lastLogin' }).sortColumn).toBe('lastLogin');
  });
});
