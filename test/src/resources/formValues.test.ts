import { describe, expect, it } from 'vitest';
import { defineResource } from '../../../domain/resources/types';
import {
  errorsByField,
  formFields,
  isoToLocalInput,
  localInputToIso,
  toFormValues,
  toPayload,
  validatePayload,
} from '../../../src/resources/formValues';

const def = defineResource({
  name: 'widget',
  path: 'Widget',
  route: 'widgets',
  section: 'other',
  titleField: 'name',
  read: 'any',
  write: 'power',
  fields: {
    name: { kind: 'string', required: true, minLength: 2, maxLength: 10 },
    code: { kind: 'string', upperCase: true, forbiddenChars: '_' },
    count: { kind: 'integer', min: 1, max: 5 },
    active: { kind: 'boolean', default: true },
    status: { kind: 'enum', options: ['a', 'b'], default: 'a' },
    roles: { kind: 'enumList', options: ['x', 'y'] },
    seenAt: { kind: 'datetime' },
    secret: { kind: 'password', writeOnly: true, minLength: 8 },
    ownerId: { kind: 'ref', ref: 'user' },
    createdBy: { kind: 'string', readOnly: true },
    computed: { kind: 'string', hiddenInForm: true },
    hash: { kind: 'string', internal: true },
  },
});

describe('formFields', () => {
  it('lists writable fields that are not hidden', () => {
    expect(formFields(def).map(([n]) => n)).toEqual([
      'name',
      'code',
      'count',
      'active',
      'status',
      'roles',
      'seenAt',
      'secret',
      'ownerId',
    ]);
  });
});

describe('toFormValues', () => {
  it('uses defaults for a new record', () => {
    expect(toFormValues(def, undefined, 'add')).toEqual({
      name: '',
      code: '',
      count: '',
      active: true,
      status: 'a',
      roles: [],
      seenAt: '',
      secret: '',
      ownerId: null,
    });
  });

  it('uses the row when editing and never shows the password', () => {
    const seenAt = new Date(2024, 1, 3, 4, 5).toISOString();
    const values = toFormValues(
      def,
      { name: 'Nm', count: 3, active: false, status: null, roles: ['y'], seenAt, ownerId: 'u1', secret: 'x' },
      'edit',
    );
    expect(values).toMatchObject({
      name: 'Nm',
      count: '3',
      active: false,
      status: null,
      roles: ['y'],
      seenAt: '2024-02-03T04:05',
      secret: '',
      ownerId: 'u1',
    });
  });
});

describe('toPayload', () => {
  it('converts inputs to API values', () => {
    const payload = toPayload(
      def,
      {
        ...toFormValues(def, undefined, 'add'),
        name: 'Abc',
        count: '4',
        seenAt: '2024-02-03T04:05',
        secret: '',
      },
      'add',
    );
    expect(payload).toEqual({
      name: 'Abc',
      code: null,
      count: 4,
      active: true,
      status: 'a',
      roles: [],
      seenAt: new Date(2024, 1, 3, 4, 5).toISOString(),
      secret: null,
      ownerId: null,
    });
    expect(validatePayload(def, payload).errors).toEqual([]);
  });

  it('leaves an empty password out on edit (unchanged)', () => {
    const payload = toPayload(def, { ...toFormValues(def, { name: 'Abc' }, 'edit') }, 'edit');
    expect('secret' in payload).toBe(false);
    const changed = toPayload(
      def,
      { ...toFormValues(def, { name: 'Abc' }, 'edit'), secret: 'longenough' },
      'edit',
    );
    expect(changed.secret).toBe('longenough');
  });

  it('reports the same rule codes as the server, with params', () => {
    const payload = toPayload(
      def,
      { ...toFormValues(def, undefined, 'add'), name: 'A', code: 'a_b', count: '9', secret: 'short' },
      'add',
    );
    const errors = errorsByField(validatePayload(def, payload).errors);
    expect(errors.name).toEqual({ field: 'name', rule: 'minLength', params: { min: 2 } });
    expect(errors.code?.rule).toBe('forbiddenChar');
    expect(errors.count).toEqual({ field: 'count', rule: 'maxValue', params: { max: 5 } });
    expect(errors.secret?.rule).toBe('minLength');
  });

  it('requires required fields', () => {
    const errors = errorsByField(
      validatePayload(def, toPayload(def, toFormValues(def, undefined, 'add'), 'add')).errors,
    );
    expect(errors.name?.rule).toBe('required');
  });
});

describe('datetime-local conversion', () => {
  it('round-trips local minutes', () => {
    const iso = localInputToIso('2024-07-08T09:10');
    expect(iso).toBe(new Date(2024, 6, 8, 9, 10).toISOString());
    expect(isoToLocalInput(iso)).toBe('2024-07-08T09:10');
    expect(localInputToIso('')).toBeUndefined();
    expect(isoToLocalInput('garbage')).toBe('');
  });
});
