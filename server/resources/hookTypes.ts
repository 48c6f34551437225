import type { ResourceDefinition } from '../../domain/resources/types';
import type { Tx } from '../db/client';
import type { Row } from './rows';
import type { Scope } from './scope';

export interface WriteArgs {
  readonly def: ResourceDefinition;
  readonly scope: Scope;
  /** Validated column values about to be stored. */
  readonly values: Row;
  /** The stored row before an update; undefined on create. */
  readonly existing: Row | undefined;
  readonly tx: Tx;
}

/** Rules of resources that are not plain CRUD; everything else is generic. */
export interface ResourceHooks {
  beforeWrite?(args: WriteArgs): Promise<Row>;
  /** After the row is stored, in the same transaction (rows that need the new id, e.g. product barcodes). */
  afterWrite?(args: { scope: Scope; row: Row; existing: Row | undefined; tx: Tx }): Promise<void>;
  beforeDelete?(args: { scope: Scope; existing: Row; tx: Tx }): Promise<void>;
}
