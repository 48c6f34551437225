import { translate } from '../i18n';

export type MailKind = 'activation' | 'reset';

export interface MailContent {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

export interface MailParams {
  /** How the recipient is greeted (visible name or user name). */
  readonly name: string;
  readonly username: string;
  readonly company: string;
  /** The link the message is about (activation or password reset). */
  readonly link: string;
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The texts of the e-mails the server sends, translated to the recipient's language from
 * locales/<lng>/mail.json: a plain-text part (carrying the bare link) and an HTML part.
 */
export const mailTemplate = (kind: MailKind, lng: string | undefined, params: MailParams): MailContent => {
  const values = { name: params.name, username: params.username, company: params.company };
  const t = (key: string) => translate(lng, 'mail', key, values);
  const after = kind === 'reset' ? [t('reset.expires'), t(`${kind}.ignore`)] : [t(`${kind}.ignore`)];
  const text = [
    t('greeting'),
    '',
    t(`${kind}.intro`),
    params.link,
    '',
    ...after,
    '',
    '-- ',
    t('signature'),
    '',
  ].join('\n');
  const link = escapeHtml(params.link);
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${escapeHtml(t('greeting'))}</p>`,
    `<p>${escapeHtml(t(`${kind}.intro`))}</p>`,
    `<p><a href="${link}">${escapeHtml(t(`${kind}.action`))}</a></p>`,
    `<p style="font-size: smaller">${link}</p>`,
    ...after.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p>${escapeHtml(t('signature'))}</p>`,
    '</body></html>',
    '',
  ].join('\n');
  return { subject: t(`${kind}.subject`), text, html };
};
