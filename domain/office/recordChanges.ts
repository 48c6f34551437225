/** One field of a record as it was before a change and as it is after it. */
export interface FieldChange {
  readonly field: string;
  /** Undefined when the field did not exist before (a created record). */
  readonly before: unknown;
  /** Undefined when the field does not exist after (a deleted record). */
  readonly after: unknown;
}

/** Fields every record carries that say nothing about what a person changed. */
const bookkeeping = new Set(['id', 'clientAccountId', 'createdAt', 'updatedAt', 'version']);

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const asObject = (value: unknown): Readonly<Record<string, unknown>> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * The fields a record-log entry changed, from its old and new copies of the record: for an update only the
 * fields whose values differ, for a creation or a deletion every field that has a value. Bookkeeping fields
 * (id, version, timestamps) are left out; fields keep the order they first appear in.
 */
export const recordChanges = (oldObject: unknown, newObject: unknown): FieldChange[] => {
  const before = asObject(oldObject);
  const after = asObject(newObject);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => !bookkeeping.has(field) && !same(before[field], after[field]))
    .map((field) => ({ field, before: before[field], after: after[field] }));
};
