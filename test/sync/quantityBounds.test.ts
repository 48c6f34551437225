import { describe, expect, it } from 'vitest';
import { wmsDocumentPositionResource } from '../../domain/resources/definitions/wmsDocumentPosition';
import { wmsOrderPositionResource } from '../../domain/resources/definitions/wmsOrderPosition';
import { validateRecord } from '../../domain/resources/schema';
import type { Intent } from '../../domain/sync/intents';
import { maxQuantity, quantityBoundError } from '../../domain/warehouse/quantity';
import { queue, seededStore } from './support/seed';

/** Issue 24 defect 3: a quantity beyond what stock holds is refused at entry, offline on the terminal too. */
describe('quantity bounds', () => {
  it('names maxValue with the bound', () => {
    expect(quantityBoundError('quantity', maxQuantity)).toBeUndefined();
    expect(quantityBoundError('quantity', maxQuantity + 1)).toEqual({
      field: 'quantity',
      rule: 'maxValue',
      params: { max: maxQuantity },
    });
  });

  it('is part of the position definitions the server and the forms validate with', () => {
    for (const def of [wmsDocumentPositionResource, wmsOrderPositionResource]) {
      const { errors } = validateRecord(def, {
        orderId: '00000000-0000-4000-8000-000000000000',
        documentId: '00000000-0000-4000-8000-000000000000',
        productId: '00000000-0000-4000-8000-000000000001',
        quantity: 1e13,
        quantityReal: 1e308,
      });
      expect(errors).toEqual([
        { field: 'quantity', rule: 'maxValue', params: { max: maxQuantity } },
        { field: 'quantityReal', rule: 'maxValue', params: { max: maxQuantity } },
      ]);
    }
  });

  it('refuses a terminal line and a count beyond the bound before queueing', async () => {
    const store = await seededStore();
    expect(
      (
        await queue(store, {
          kind: 'document.create',
          document: { id: 'd1', typeCode: 'DIN', documentNumber: '', destinationLocationId: 'l-1' },
        })
      ).ok,
    ).toBe(true);
    const line: Intent = {
      kind: 'line.add',
      line: { id: 'x1', documentId: 'd1', productId: 'p-1', quantity: 1e13 },
    };
    const refused = await queue(store, line);
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(refused.refusal).toMatchObject({
        code: 'formHasErrors',
        fields: [{ field: 'quantity', rule: 'maxValue', params: { max: maxQuantity } }],
      });
    expect(store.table('wmsDocumentPosition').size).toBe(0);
  });
});
