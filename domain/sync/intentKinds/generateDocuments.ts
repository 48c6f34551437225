import { type IntentDefinition, ok, refuse } from '../intentDefinition';

/** The documents an order still lacks, made by the server (confirmed unless `confirm` is false). */
export interface GenerateDocumentsIntent {
  readonly kind: 'order.generateDocuments';
  readonly orderId: string;
  readonly confirm: boolean;
}

export const generateDocuments: IntentDefinition<GenerateDocumentsIntent> = {
  kind: 'order.generateDocuments',
  route: { method: 'GET', path: '/api/WmsOrder/:id/GenerateDocuments' },
  call: (i) => ({
    method: 'GET',
    path: `/api/WmsOrder/${i.orderId}/GenerateDocuments`,
    query: { confirm: String(i.confirm) },
  }),
  target: (i) => ({ entity: 'wmsOrder', id: i.orderId }),
  groups: true,
  labelKey: 'generateDocuments',
  subject: (i) => ({ orderId: i.orderId }),
  // Done by the server only: the documents arrive with the next pull.
  replay: () => undefined,
  check: async (i, view) =>
    (await view.readOrder(i.orderId)) ? ok : refuse({ code: 'notFoundOrNoPermission' }),
};
