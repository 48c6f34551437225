import { describe, expect, it } from 'vitest';
import { productResource } from '../../../domain/resources/definitions/product';
import { systemLogResource } from '../../../domain/resources/definitions/systemLog';
import { wmsDocumentResource } from '../../../domain/resources/definitions/wmsDocument';
import { hasGenericWrite } from '../../../src/resources/useResourceAccess';

describe('hasGenericWrite', () => {
  it('leaves customWrite and read-only resources to their own screens', () => {
    expect(hasGenericWrite(productResource)).toBe(true);
    expect(hasGenericWrite(wmsDocumentResource)).toBe(false);
    expect(hasGenericWrite(systemLogResource)).toBe(false);
  });
});
