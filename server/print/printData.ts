import { eq } from 'drizzle-orm';
import { isValidGtin } from '../../domain/barcodes/gtin';
import type { PrintObjectType, PrintRecord } from '../../domain/print/printVocabulary';
import type { AppContext } from '../context';
import { clientAccount } from '../db/internalTables';
import { ResourceService } from '../resources/resourceService';
import type { Row } from '../resources/rows';
import type { Scope } from '../resources/scope';

/** What the person printing adds to a product label: the lot, expiry and quantity of the goods in hand. */
export interface GoodsDetails {
  readonly lot?: string | undefined;
  readonly expiryDate?: string | undefined;
  readonly quantity?: number | undefined;
}

/** The record printed, filled for its layout, and its title (for the PDF's information and file name). */
export interface PrintSubject {
  readonly data: PrintRecord;
  readonly title: string;
}

const text = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') return String(value);
  const s = String(value);
  // Dates and times as the day (labels and headers need no seconds).
  return /^\d{4}-\d{2}-\d{2}T/.test(s) ? s.slice(0, 10) : s;
};

const gtinOf = (product: Row | undefined): string => {
  const codes = Array.isArray(product?.barcodes) ? product.barcodes : [];
  const found = codes.find((c): c is string => typeof c === 'string' && isValidGtin(c));
  return found ? found.padStart(14, '0') : '';
};

const goods = (product: Row | undefined, details: GoodsDetails): PrintRecord => ({
  index: text(product?.index),
  name: text(product?.name),
  unit: text(product?.unit),
  gtin: gtinOf(product),
  lot: details.lot ?? '',
  expiryDate: details.expiryDate ?? '',
  quantity: details.quantity === undefined ? '' : String(details.quantity),
});

/**
 * Reads the record to print and what its layout may name, with the caller's scope: another company's record (or a
 * contractor's record another contractor asks for) is notFoundOrNoPermission, like every other read.
 */
export class PrintData {
  private readonly ctx: AppContext;
  private readonly services = new Map<string, ResourceService>();

  constructor(ctx: AppContext) {
    this.ctx = ctx;
  }

  private service(name: string): ResourceService {
    let service = this.services.get(name);
    if (!service) {
      const def = this.ctx.schema.definitions.find((d) => d.name === name);
      if (!def) throw new Error(`the ${name} resource is missing`);
      service = new ResourceService(this.ctx, def);
      this.services.set(name, service);
    }
    return service;
  }

  private async byIds(scope: Scope, name: string, ids: readonly unknown[]): Promise<Map<string, Row>> {
    const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
    if (!wanted.length) return new Map();
    const rows = await this.service(name).all(scope, {
      filters: [{ field: 'id', operator: 'in', value: wanted }],
      sortColumn: undefined,
      sortDescending: false,
    });
    return new Map(rows.map((r) => [String(r.id), r]));
  }

  private async companyName(scope: Scope): Promise<string> {
    const [account] = await this.ctx.db
      .select({ name: clientAccount.name })
      .from(clientAccount)
      .where(eq(clientAccount.id, scope.clientAccountId));
    return account?.name ?? '';
  }

  /** Lines of a document or order with their products and locations, in line order. */
  private async lines(
    scope: Scope,
    resource: string,
    parentField: string,
    parent: Row,
  ): Promise<PrintRecord[]> {
    const positions = await this.service(resource).all(scope, {
      filters: [{ field: parentField, operator: 'eq', value: String(parent.id) }],
      sortColumn: 'lineNo',
      sortDescending: false,
    });
    const products = await this.byIds(
      scope,
      'product',
      positions.map((p) => p.productId),
    );
    const locations = await this.byIds(
      scope,
      'storageSpace',
      positions
        .flatMap((p) => [p.destinationLocationId, p.sourceLocationId])
        .concat(parent.destinationLocationId, parent.sourceLocationId),
    );
    return positions.map((p, i): PrintRecord => {
      const quantity = p.quantityReal ?? p.quantity;
      // A line without its own location is at the header's (a receipt into one location).
      const at =
        p.destinationLocationId ??
        p.sourceLocationId ??
        parent.destinationLocationId ??
        parent.sourceLocationId;
      const location = locations.get(String(at ?? ''));
      return {
        no: text(p.lineNo ?? i + 1),
        quantity: text(quantity),
        location: text(location?.label),
        product: goods(products.get(String(p.productId)), {
          lot: text(p.serialNumber),
          expiryDate: text(p.expDate),
          quantity: quantity === null || quantity === undefined ? undefined : Number(quantity),
        }),
      };
    });
  }

  private async contractorName(scope: Scope, id: unknown): Promise<string> {
    return text((await this.byIds(scope, 'company', [id])).get(String(id))?.shortName);
  }

  private async document(scope: Scope, id: string) {
    const doc = await this.service('wmsDocument').get(scope, id);
    const locations = await this.byIds(scope, 'storageSpace', [
      doc.sourceLocationId,
      doc.destinationLocationId,
    ]);
    return {
      doc,
      record: {
        number: text(doc.documentNumber ?? doc.offlineNumber),
        type: text(doc.typeCode),
        status: text(doc.statusCode),
        date: text(doc.executionDate ?? doc.plannedDate ?? doc.createdAt),
        contractor: await this.contractorName(scope, doc.contractorId),
        sourceLocation: text(locations.get(String(doc.sourceLocationId))?.label),
        destinationLocation: text(locations.get(String(doc.destinationLocationId))?.label),
        comment: text(doc.comment),
      } satisfies PrintRecord,
    };
  }

  /** The recipient of a shipping label: the contractor and its first address. */
  private async recipient(scope: Scope, companyId: unknown): Promise<PrintRecord> {
    if (typeof companyId !== 'string') return {};
    const company = (await this.byIds(scope, 'company', [companyId])).get(companyId);
    const [address] = await this.service('address').all(scope, {
      filters: [{ field: 'companyId', operator: 'eq', value: companyId }],
      sortColumn: 'createdAt',
      sortDescending: false,
    });
    return {
      name: text(company?.fullName ?? company?.shortName),
      street: [text(address?.street), text(address?.number)].filter(Boolean).join(' '),
      city: text(address?.city),
      postalCode: text(address?.postalCode),
      country: text(address?.country),
    };
  }

  async load(
    scope: Scope,
    objectType: PrintObjectType,
    id: string,
    details: GoodsDetails,
  ): Promise<PrintSubject> {
    const company = await this.companyName(scope);
    switch (objectType) {
      case 'location': {
        const row = await this.service('storageSpace').get(scope, id);
        const types = await this.byIds(scope, 'storageSpaceType', [row.typeId]);
        const parents = await this.byIds(scope, 'storageSpace', [row.parentId]);
        return {
          title: text(row.label),
          data: {
            company,
            location: {
              code: text(row.label),
              type: text(types.get(String(row.typeId))?.code),
              parent: text(parents.get(String(row.parentId))?.label),
              description: text(row.description),
            },
          },
        };
      }
      case 'product': {
        const row = await this.service('product').get(scope, id);
        return { title: text(row.index), data: { company, product: goods(row, details) } };
      }
      case 'document': {
        const { doc, record } = await this.document(scope, id);
        const lines = await this.lines(scope, 'wmsDocumentPosition', 'documentId', doc);
        return { title: text(record.number), data: { company, document: record, lines } };
      }
      case 'shippingLabel': {
        const { doc, record } = await this.document(scope, id);
        const lines = await this.lines(scope, 'wmsDocumentPosition', 'documentId', doc);
        return {
          title: text(record.number),
          data: {
            company,
            document: record,
            sender: { name: company },
            recipient: await this.recipient(scope, doc.contractorId),
            parcels: String(lines.length),
          },
        };
      }
      case 'order': {
        const order = await this.service('wmsOrder').get(scope, id);
        const lines = await this.lines(scope, 'wmsOrderPosition', 'orderId', order);
        return {
          title: text(order.orderNumber),
          data: {
            company,
            order: {
              number: text(order.orderNumber),
              type: text(order.typeCode),
              status: text(order.statusCode),
              date: text(order.plannedDate ?? order.createdAt),
              contractor: await this.contractorName(scope, order.contractorId),
              comment: text(order.comment),
            },
            lines,
          },
        };
      }
    }
  }
}
