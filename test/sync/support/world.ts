import { stockKeyString } from '../../../domain/warehouse/stock';
import type { SyncStore } from '../../../sync/ports';
import type { StockRecord } from '../../../sync/types';
import { SimServer } from './simServer';

/** A small warehouse on the simulated server: products P1…, locations L1…, some stock. */
export const products = ['p-1', 'p-2', 'p-3'] as const;
export const locations = ['l-1', 'l-2', 'l-3'] as const;

export const keyOf = (productId: string, locationId: string): string =>
  stockKeyString({
    productId,
    locationId,
    container: null,
    serialNumber: null,
    prodDate: null,
    expDate: null,
  });

export const makeServer = (options: { reserving?: boolean; stock?: number } = {}): SimServer => {
  const server = new SimServer({ config: { workingCopiesCountInStock: options.reserving ?? false } });
  products.forEach((id, i) => {
    server.addProduct({ id, index: `P${i + 1}`, name: `Product ${i + 1}`, barcodes: [`590000000000${i}`] });
  });
  locations.forEach((id, i) => {
    server.addLocation({ id, label: `A-0${i + 1}` });
  });
  server.addStock('p-1', 'l-1', options.stock ?? 5);
  server.addStock('p-2', 'l-2', 3);
  server.publishConfig();
  return server;
};

/** What a replica shows: stock by key, documents (status, number), lines — comparable with the server. */
export const viewOf = (store: SyncStore) =>
  store.read(async (tx) => {
    const stock = new Map<string, { quantity: number; reserved: number }>();
    for (const r of await tx.all('stock')) {
      const s = r as StockRecord;
      stock.set(s.key, { quantity: s.quantity, reserved: s.reserved });
    }
    const documents = new Map(
      (await tx.all('wmsDocument')).map((d) => [
        d.id,
        { statusCode: d.statusCode, documentNumber: d.documentNumber },
      ]),
    );
    const lines = new Map(
      (await tx.all('wmsDocumentPosition')).map((l) => [
        l.id,
        { documentId: l.documentId, productId: l.productId, quantity: Number(l.quantity) },
      ]),
    );
    return { stock, documents, lines };
  });

/** The same for the server, limited to what the feed replicates. */
export const serverView = (server: SimServer) => {
  const documents = new Map<string, { statusCode: unknown; documentNumber: unknown }>();
  for (const d of server.documents.values())
    if (server.current('wmsDocument', d.id))
      documents.set(d.id, { statusCode: d.statusCode, documentNumber: d.documentNumber });
  const lines = new Map<string, { documentId: unknown; productId: unknown; quantity: number }>();
  for (const l of server.lines.values())
    if (server.current('wmsDocumentPosition', l.id))
      lines.set(l.id, { documentId: l.documentId, productId: l.productId, quantity: Number(l.quantity) });
  return { stock: server.stockView(), documents, lines };
};
