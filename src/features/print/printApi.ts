import type { PrintObjectType } from '../../../domain/print/printVocabulary';
import { api } from '../../api/http';
import type { Row } from '../../resources/resourceApi';

/** What to print: a record and, optionally, the layout (else its kind's default) and the goods' lot and expiry. */
export interface PrintTarget {
  readonly objectType: PrintObjectType;
  readonly objectId: string;
  readonly layoutId?: string;
  readonly goods?: { readonly lot?: string; readonly expiryDate?: string; readonly quantity?: number };
}

interface Page {
  readonly results: Row[];
}

/** The print calls (docs/api.md, "Printing") and the lists the print dialog offers. */
export const printApi = {
  /** The company's layouts for these kinds of record, by name. */
  layouts: async (objectTypes: readonly PrintObjectType[]): Promise<Row[]> =>
    (
      await api.get<Page>('/api/PrintLayout', {
        PageSize: 200,
        sortColumn: 'name',
        BasicFiltersSerialized: JSON.stringify([{ field: 'objectType', operator: 'in', value: objectTypes }]),
      })
    ).results,
  printers: async (): Promise<Row[]> =>
    (await api.get<Page>('/api/Printer', { PageSize: 200, sortColumn: 'name' })).results,
  /** The PDF, handed to the browser as a download. */
  pdf: (target: PrintTarget) =>
    api.download('/api/print/pdf', {
      query: {
        objectType: target.objectType,
        objectId: target.objectId,
        layoutId: target.layoutId,
        lot: target.goods?.lot,
        expiryDate: target.goods?.expiryDate,
        quantity: target.goods?.quantity,
      },
    }),
  /** ZPL to one of the company's label printers. */
  toPrinter: (target: PrintTarget, printerId: string) =>
    api.post<{ bytes: number }>('/api/print/printer', { ...target, printerId }),
};
