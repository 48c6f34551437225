import type { AppContext } from '../../context';
import type { Row } from '../../resources/rows';
import type { Scope } from '../../resources/scope';
import type { UnitOfWork } from '../../unitOfWork';
import { documentServiceOf } from '../documents/documentService';

/** A warehouse document as the documents module returns it. */
export type DocumentWithPositions = Row & { readonly positions: Row[] };

/** What orders, counts and production need of the documents module (stock changes only through it). */
export interface DocumentPort {
  create(
    unit: UnitOfWork,
    scope: Scope,
    input: Row,
    options: { confirm?: boolean; generated?: boolean; orderId?: string },
  ): Promise<DocumentWithPositions>;
  confirm(unit: UnitOfWork, scope: Scope, id: string): Promise<DocumentWithPositions>;
}

/** The documents module's service (server/warehouse/documents): validation, numbering and the stock ledger. */
export const documentPortOf = (ctx: AppContext): DocumentPort => documentServiceOf(ctx);
