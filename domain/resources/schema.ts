import { z } from 'zod';
import type { ErrorCode, FieldError } from '../errors';
import { isStorableText } from '../input/storableText';
import { isCalendarDate, isInYearBounds, numberBounds } from './bounds';
import { type FieldDef, type ResourceDefinition, writableFields } from './types';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Phone numbers must include the country code. */
const phonePattern = /^\+[1-9][0-9 ()-]{6,20}$/;

const fail = (code: ErrorCode) => ({ error: code });

const stringSchema = (f: FieldDef): z.ZodType<string> => {
  // Passwords are taken exactly as typed; every other text is trimmed.
  let s = f.kind === 'password' ? z.string(fail('invalidValue')) : z.string(fail('invalidValue')).trim();
  if (f.minLength !== undefined) s = s.min(f.minLength, fail('minLength'));
  if (f.maxLength !== undefined) s = s.max(f.maxLength, fail('maxLength'));
  if (f.kind === 'email') s = s.regex(emailPattern, fail('email'));
  if (f.kind === 'phone') s = s.regex(phonePattern, fail('phoneCountryCode'));
  if (f.kind === 'color') s = s.regex(/^#[0-9a-fA-F]{6}$/, fail('invalidValue'));
  // Text the database cannot store (NUL, lone surrogates) is refused here too, so forms and the terminal say so.
  let out: z.ZodType<string> = s.refine(isStorableText, fail('forbiddenChar'));
  if (f.forbiddenChars) {
    const chars = f.forbiddenChars;
    out = out.refine((v) => ![...chars].some((c) => v.includes(c)), fail('forbiddenChar'));
  }
  if (f.upperCase) out = out.transform((v) => v.toUpperCase());
  if (f.lowerCase) out = out.transform((v) => v.toLowerCase());
  return out;
};

const numberSchema = (f: FieldDef): z.ZodType<number> => {
  // Every number is bounded by what its column holds, whether the definition says so or not.
  const { min, max } = numberBounds(f);
  let base = z.number(fail('invalidValue'));
  if (f.kind === 'integer') base = base.int(fail('invalidValue'));
  base = base.min(min, fail('minValue')).max(max, fail('maxValue'));
  // Forms send numbers as strings; accept both, refuse anything that is not a finite number.
  return z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), base);
};

/** The zod schema of one field's value, with the spec's rule codes as messages. */
export const fieldSchema = (f: FieldDef): z.ZodType<unknown> => {
  switch (f.kind) {
    case 'string':
    case 'text':
    case 'email':
    case 'phone':
    case 'url':
    case 'password':
    case 'color':
      return stringSchema(f);
    case 'integer':
    case 'decimal':
      return numberSchema(f);
    case 'boolean':
      return z.boolean(fail('invalidValue'));
    case 'date':
      return z.string(fail('invalidValue')).refine(isCalendarDate, fail('invalidValue'));
    case 'datetime':
      return z.iso
        .datetime({ offset: true, error: 'invalidValue' })
        .refine((v) => isInYearBounds(new Date(v)), fail('invalidValue'));
    case 'enum':
      return z.enum((f.options ?? []) as [string, ...string[]], fail('invalidValue'));
    case 'enumList':
      return z.array(
        z.enum((f.options ?? []) as [string, ...string[]], fail('invalidValue')),
        fail('invalidValue'),
      );
    case 'tags':
      return z.array(z.string().trim().min(1).max(100), fail('invalidValue')).max(100, fail('maxLength'));
    case 'ref':
      return z.uuid(fail('invalidValue'));
    case 'json':
      return z.json(fail('invalidValue'));
  }
};

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** On edit, an empty write-only field (a password) means "keep what is stored". */
export const dropEmptyWriteOnly = (
  def: ResourceDefinition,
  input: Record<string, unknown>,
): Record<string, unknown> => {
  const out = { ...input };
  for (const [name, f] of Object.entries(def.fields)) if (f.writeOnly && isEmpty(out[name])) delete out[name];
  return out;
};

/** The resource's zod schema for writes ('create' needs required fields, 'update' replaces the record too). */
export const resourceSchema = (def: ResourceDefinition): z.ZodType<Record<string, unknown>> => {
  // Definitions are immutable, so each one's schema is built once (building costs ~100× a parse).
  const cached = schemaCache.get(def);
  if (cached) return cached;
  const shape: Record<string, z.ZodType<unknown>> = {};
  for (const [name, f] of writableFields(def)) {
    const value = fieldSchema(f);
    shape[name] = z.preprocess(
      (v) => (isEmpty(v) ? null : v),
      f.required
        ? z
            .any()
            .refine((v) => v !== null, fail('required'))
            .pipe(value)
        : value.nullable().optional(),
    );
  }
  const schema = z.object(shape);
  schemaCache.set(def, schema);
  return schema;
};

const schemaCache = new WeakMap<ResourceDefinition, z.ZodType<Record<string, unknown>>>();

export interface ValidationResult {
  readonly value: Record<string, unknown>;
  readonly errors: FieldError[];
}

/** Validates a write payload; unknown keys are dropped, each failure keeps its rule code. */
export const validateRecord = (def: ResourceDefinition, input: unknown): ValidationResult => {
  const parsed = resourceSchema(def).safeParse(typeof input === 'object' && input !== null ? input : {});
  if (parsed.success) return { value: parsed.data, errors: [] };
  const errors: FieldError[] = parsed.error.issues.map((issue) => {
    const field = String(issue.path[0] ?? '');
    const rule = (issue.message in ruleParams ? issue.message : 'invalidValue') as ErrorCode;
    const params: Record<string, number> = {};
    const f = def.fields[field];
    if (rule === 'minLength' && f?.minLength !== undefined) params.min = f.minLength;
    if (rule === 'maxLength' && f?.maxLength !== undefined) params.max = f.maxLength;
    if (rule === 'minValue' && f) params.min = numberBounds(f).min;
    if (rule === 'maxValue' && f) params.max = numberBounds(f).max;
    return Object.keys(params).length ? { field, rule, params } : { field, rule };
  });
  return { value: {}, errors: dedupe(errors) };
};

const ruleParams: Record<string, true> = {
  required: true,
  minLength: true,
  maxLength: true,
  minValue: true,
  maxValue: true,
  email: true,
  forbiddenChar: true,
  phoneCountryCode: true,
  invalidValue: true,
};

const dedupe = (errors: FieldError[]): FieldError[] => {
  const seen = new Set<string>();
  return errors.filter((e) => {
    if (seen.has(e.field)) return false;
    seen.add(e.field);
    return true;
  });
};
