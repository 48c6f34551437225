import { languages } from '../../languages';
import { defineResource } from '../types';

/**
 * Translations visible to contractors: per product and language, the name and description the portal
 * shows a contractor instead of the warehouse's own. One per product and language.
 */
export const portalTranslationResource = defineResource({
  name: 'portalTranslation',
  path: 'PortalTranslation',
  route: 'portal-translations',
  section: 'assortment',
  titleField: 'name',
  read: 'logistics',
  write: 'power',
  defaultSort: { column: 'name' },
  fields: {
    productId: { kind: 'ref', ref: 'product', required: true, onDelete: 'cascade', list: true },
    language: { kind: 'enum', options: languages, required: true, list: true },
    name: { kind: 'string', required: true, maxLength: 300, list: true },
    description: { kind: 'text', maxLength: 4000, list: true },
  },
});
