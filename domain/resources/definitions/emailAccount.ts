import { defineResource } from '../types';

/**
 * The company's outgoing e-mail account: when present, the server sends the
 * company's mail (password reset, messages) through it instead of the server-wide SMTP. The first
 * account marked default wins. The password is needed to log in to the SMTP server, so it is stored
 * as given, but never returned.
 */
export const emailAccountResource = defineResource({
  name: 'emailAccount',
  path: 'EmailAccount',
  route: 'email-accounts',
  section: 'other',
  menu: { order: 50 },
  titleField: 'sender',
  read: 'super',
  write: 'super',
  defaultSort: { column: 'sender' },
  fields: {
    sender: { kind: 'string', required: true, maxLength: 320, list: true },
    smtpServer: { kind: 'string', required: true, maxLength: 255, list: true },
    port: { kind: 'integer', required: true, min: 1, max: 65535, default: 587, list: true },
    secure: { kind: 'boolean', default: false, list: true },
    login: { kind: 'string', maxLength: 255, list: true },
    password: { kind: 'password', maxLength: 255, writeOnly: true },
    isDefault: { kind: 'boolean', default: false, list: true },
  },
});
