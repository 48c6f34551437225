import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentKinds, documentTypeCodes } from '../../../domain/warehouse/documentTypes';
import { warehouseIssueCodes } from '../../../domain/warehouse/issues';
import { orderTypeCodes } from '../../../domain/warehouse/orderTypes';
import { documentStatuses, orderStatuses } from '../../../domain/warehouse/statuses';
import { verificationStatuses } from '../../../domain/warehouse/verification';

const languages = ['en-us', 'pl-pl', 'de-de', 'fr-fr', 'es-es', 'ru-ru'] as const;
type Namespace = Record<string, Record<string, string>>;
const read = (lng: string): Namespace =>
  JSON.parse(
    readFileSync(resolve(import.meta.dirname, '../../../locales', lng, 'warehouse.json'), 'utf8'),
  ) as Namespace;
const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();

describe('warehouse translations', () => {
  const en = read('en-us');

  it('name every type, status and issue code', () => {
    const keys = (group: string) => Object.keys(en[group] ?? {}).sort();
    expect(keys('documentTypes')).toEqual([...documentTypeCodes].sort());
    expect(keys('documentKinds')).toEqual([...documentKinds].sort());
    expect(keys('orderTypes')).toEqual([...orderTypeCodes].sort());
    expect(keys('documentStatuses')).toEqual([...documentStatuses].sort());
    expect(keys('orderStatuses')).toEqual([...orderStatuses].sort());
    expect(keys('verificationStatuses')).toEqual([...verificationStatuses].sort());
    expect(keys('issues')).toEqual([...warehouseIssueCodes].sort());
  });

  it.each(languages)('%s uses the same placeholders as en-us', (lng) => {
    const other = read(lng);
    for (const [group, entries] of Object.entries(en)) {
      for (const [key, text] of Object.entries(entries)) {
        expect(placeholders(other[group]?.[key] ?? ''), `${lng} ${group}.${key}`).toEqual(placeholders(text));
      }
    }
  });
});
