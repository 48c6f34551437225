import { numberOf } from '../../../../domain/rowValues';
import type { Row } from '../../../../sync/types';

/** Lines and positions in their line-number order (ties by id, so the order is stable). */
export const byLineNo = (a: Row, b: Row): number =>
  (numberOf(a.lineNo) ?? 0) - (numberOf(b.lineNo) ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
