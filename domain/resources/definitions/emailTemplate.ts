import { languages } from '../../languages';
import { defineResource } from '../types';

/**
 * E-mail templates: a subject and a text with `{{placeholders}}` filled from the record a message is about
 * (domain/office/templates.ts). `refResourceType` names the kind of record it is for (empty: any); a template
 * with a language is offered first to users of that language.
 */
export const emailTemplateResource = defineResource({
  name: 'emailTemplate',
  path: 'emailTemplate',
  route: 'email-templates',
  section: 'other',
  menu: { order: 40 },
  titleField: 'name',
  read: 'any',
  write: 'power',
  defaultSort: { column: 'name' },
  fields: {
    name: { kind: 'string', required: true, maxLength: 100, unique: 'account', list: true },
    refResourceType: { kind: 'string', maxLength: 64, list: true },
    language: { kind: 'enum', options: languages, list: true },
    subject: { kind: 'string', required: true, maxLength: 300, list: true },
    body: { kind: 'text', required: true, maxLength: 20_000 },
  },
});
