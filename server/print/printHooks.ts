import { sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { parsePrinterAddress } from '../../domain/print/printerAddress';
import { parseLayout } from '../../domain/print/printTemplate';
import { isPrintObjectType } from '../../domain/print/printVocabulary';
import type { Tx } from '../db/client';
import type { ResourceHooks } from '../resources/hookTypes';
import type { Row } from '../resources/rows';

/** The advisory lock class of "the default layout of one kind of record in one company" (see unmarkOtherDefaults). */
const defaultLayoutLock = 7243102;

/**
 * A company has one default layout per kind of record: the layout just saved as the default takes the mark from the
 * others of its kind, in the saving transaction. A layout newly made the default first takes a lock on (company,
 * kind), so of two such saves at the same moment the second waits, then sees the first's default and unmarks it —
 * two defaults never coexist. A layout that already was the default is saved without the lock (it may hold its own
 * row while a newcomer waits for it: taking the lock then could deadlock).
 */
const unmarkOtherDefaults = async (
  tx: Tx,
  account: string,
  row: Row,
  existing: Row | undefined,
): Promise<void> => {
  if (row.isDefault !== true || typeof row.objectType !== 'string') return;
  const newlyDefault = existing?.isDefault !== true || existing.objectType !== row.objectType;
  if (newlyDefault)
    await tx.execute(
      sql`select pg_advisory_xact_lock(${defaultLayoutLock}, hashtext(${`${account}:${row.objectType}`}))`,
    );
  await tx.execute(sql`
    update print_layout set is_default = false, updated_at = now(), version = version + 1
    where client_account_id = ${account}::uuid and object_type = ${row.objectType} and is_default
      and id <> ${String(row.id)}::uuid`);
};

/**
 * Print layouts are checked when saved: every placeholder must be one their kind of record offers (a misspelt one
 * is a translated form error on `content` naming it and its line), and one default per kind stays. Printers'
 * addresses must be a host[:port].
 */
export const printResourceHooks: Readonly<Record<string, ResourceHooks>> = {
  printLayout: {
    async beforeWrite({ values, existing }) {
      const objectType = values.objectType ?? existing?.objectType;
      const content = values.content ?? existing?.content;
      if (isPrintObjectType(objectType) && typeof content === 'string') {
        const parsed = parseLayout(content, objectType);
        if (!parsed.ok) throw new AppError('formHasErrors', { fields: [...parsed.errors] });
      }
      return values;
    },
    async afterWrite({ scope, row, existing, tx }) {
      await unmarkOtherDefaults(tx, scope.clientAccountId, row, existing);
    },
  },
  printer: {
    async beforeWrite({ values }) {
      if (typeof values.address === 'string') {
        const address = parsePrinterAddress(values.address);
        if (!address)
          throw new AppError('formHasErrors', { fields: [{ field: 'address', rule: 'invalidValue' }] });
        return { ...values, address: values.address.trim() };
      }
      return values;
    },
  },
};
