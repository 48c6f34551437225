import { defineResource } from '../types';

export const messageChannels = ['email', 'sms'] as const;
/**
 * sent: the mail server or SMS gateway took it; saved: no mail server is configured, so it was written as an
 * .eml file (DATA_DIR/mail); notSent: nothing could carry it (no SMS gateway, no address), with the reason;
 * failed: the mail server or gateway refused it, with its answer.
 */
export const messageStatuses = ['sent', 'saved', 'notSent', 'failed'] as const;

/**
 * Messages sent by e-mail or SMS (POST Message/send), kept with their recipients, status and errors. Written
 * only by sending (server/messages), so the generic screens list and show them.
 */
export const messageResource = defineResource({
  name: 'message',
  path: 'Message',
  route: 'messages',
  section: 'other',
  menu: { order: 20 },
  titleField: 'subject',
  read: 'any',
  write: 'any',
  customWrite: true,
  defaultSort: { column: 'createdAt', descending: true },
  fields: {
    channel: { kind: 'enum', options: messageChannels, required: true, list: true },
    subject: { kind: 'string', maxLength: 300, list: true },
    text: { kind: 'text', maxLength: 20_000 },
    sender: { kind: 'string', maxLength: 320, readOnly: true, list: true },
    /** The addresses or phone numbers it went to. */
    recipients: { kind: 'tags', readOnly: true, list: true },
    status: { kind: 'enum', options: messageStatuses, readOnly: true, list: true },
    sentAt: { kind: 'datetime', readOnly: true, list: true },
    error: { kind: 'text', readOnly: true },
    refResourceType: { kind: 'string', maxLength: 64, readOnly: true },
    refResourceId: { kind: 'string', maxLength: 64, readOnly: true },
    templateId: { kind: 'ref', ref: 'emailTemplate', onDelete: 'setNull', readOnly: true },
    /** Names of the files sent with it. */
    attachments: { kind: 'tags', readOnly: true },
    createdById: { kind: 'ref', ref: 'user', onDelete: 'setNull', readOnly: true },
  },
});
