import { AppError } from '../../domain/errors';
import { parsePrinterAddress } from '../../domain/print/printerAddress';
import { parseLayout } from '../../domain/print/printTemplate';
import { isPrintObjectType } from '../../domain/print/printVocabulary';
import type { ResourceHooks } from '../resources/hookTypes';

/**
 * Print layouts are checked when saved: every placeholder must be one their kind of record offers (a misspelt one
 * is a translated form error on `content` naming it and its line). Printers' addresses must be a host[:port].
 */
export const printResourceHooks: Readonly<Record<string, ResourceHooks>> = {
  printLayout: {
    async beforeWrite({ values, existing }) {
      const objectType = values.objectType ?? existing?.objectType;
      const content = values.content ?? existing?.content;
      if (isPrintObjectType(objectType) && typeof content === 'string') {
        const parsed = parseLayout(content, objectType);
        if (!parsed.ok) throw new AppError('formHasErrors', { fields: [...parsed.errors] });
      }
      return values;
    },
  },
  printer: {
    async beforeWrite({ values }) {
      if (typeof values.address === 'string') {
        const address = parsePrinterAddress(values.address);
        if (!address)
          throw new AppError('formHasErrors', { fields: [{ field: 'address', rule: 'invalidValue' }] });
        return { ...values, address: values.address.trim() };
      }
      return values;
    },
  },
};
