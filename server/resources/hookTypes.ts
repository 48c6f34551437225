import type { ResourceDefinition } from '../../domain/resources/types';
import type { Db, Tx } from '../db/client';
import type { ResourceTable } from '../db/resourceTables';
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
  /** The office key that seals secrets at rest (server/office/secrets.ts). */
  readonly secretsKey: string;
}

/** Rules of resources that are not plain CRUD; everything else is generic. */
export interface ResourceHooks {
  beforeWrite?(args: WriteArgs): Promise<Row>;
  /** After the row is stored, in the same transaction (rows that need the new id, e.g. product barcodes). */
  afterWrite?(args: {
    scope: Scope;
    row: Row;
    existing: Row | undefined;
    tx: Tx;
    /** Every resource definition (a tag's rename reaches the records of every resource with tags). */
    definitions: readonly ResourceDefinition[];
  }): Promise<void>;
  beforeDelete?(args: {
    scope: Scope;
    existing: Row;
    tx: Tx;
    definitions: readonly ResourceDefinition[];
  }): Promise<void>;
  /** Before every read of the resource (list, get, select, export), on the account's rows. */
  beforeRead?(args: { scope: Scope; table: ResourceTable; db: Db; now: Date }): Promise<void>;
}
