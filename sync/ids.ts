import { v7 } from 'uuid';

/** A new record id or idempotency key: UUIDv7, so ids made offline sort by creation time. */
export const newId = (): string => v7();
