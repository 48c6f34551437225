import { defaultPrintLayouts } from '../../domain/print/defaultLayouts';
import type { Tx } from '../db/client';
import type { Schema } from '../db/schema';

/** Gives a new company the default layout of every kind of record (domain/print/defaultLayouts.ts). */
export const seedPrintLayouts = async (tx: Tx, schema: Schema, clientAccountId: string): Promise<void> => {
  const table = schema.resourceTables.printLayout;
  if (!table) throw new Error('the printLayout resource is missing');
  await tx.insert(table).values(defaultPrintLayouts.map((layout) => ({ ...layout, clientAccountId })));
};
