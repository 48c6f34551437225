import { translate } from '../i18n';
import type { MailMessage } from '../mail/mailer';

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A message of paragraphs (and an optional table and link) as plain text and HTML. */
const compose = (
  to: string,
  subject: string,
  paragraphs: readonly string[],
  options: {
    table?: { head: readonly string[]; rows: readonly (readonly string[])[] };
    link?: string;
    action?: string;
    after?: readonly string[];
  },
): MailMessage => {
  const table = options.table;
  const text = [
    ...paragraphs.flatMap((p) => [p, '']),
    ...(table ? [table.head.join(' | '), ...table.rows.map((r) => r.join(' | ')), ''] : []),
    ...(options.link ? [options.link, ''] : []),
    ...(options.after ?? []).flatMap((p) => [p, '']),
  ].join('\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(table
      ? [
          '<table cellpadding="4" style="border-collapse: collapse">',
          `<tr>${table.head.map((h) => `<th align="left">${escapeHtml(h)}</th>`).join('')}</tr>`,
          ...table.rows.map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`),
          '</table>',
        ]
      : []),
    ...(options.link
      ? [
          `<p><a href="${escapeHtml(options.link)}">${escapeHtml(options.action ?? options.link)}</a></p>`,
          `<p style="font-size: smaller">${escapeHtml(options.link)}</p>`,
        ]
      : []),
    ...(options.after ?? []).map((p) => `<p>${escapeHtml(p)}</p>`),
    '</body></html>',
    '',
  ].join('\n');
  return { to, subject, text, html };
};

export interface OrderMailLine {
  readonly index: string;
  readonly name: string;
  readonly quantity: string;
  readonly unit: string;
}

/** The contractor's confirmation of an order placed through the portal (locales/<lng>/portal.json `mail`). */
export const orderConfirmationMail = (
  lng: string | undefined,
  params: {
    readonly to: string;
    readonly name: string;
    readonly company: string;
    readonly orderNumber: string;
    readonly deliveryDate: string;
    readonly comment: string | null;
    readonly lines: readonly OrderMailLine[];
    readonly link: string;
  },
): MailMessage => {
  const t = (key: string, values: Record<string, string | number> = {}) =>
    translate(lng, 'portal', `mail.${key}`, values);
  return compose(
    params.to,
    t('order.subject', { number: params.orderNumber }),
    [
      t('greeting', { name: params.name }),
      t('order.intro', { number: params.orderNumber, company: params.company }),
      t('order.delivery', { date: params.deliveryDate }),
      ...(params.comment ? [t('order.comment', { comment: params.comment })] : []),
    ],
    {
      table: {
        head: [t('order.index'), t('order.product'), t('order.quantity')],
        rows: params.lines.map((l) => [l.index, l.name, `${l.quantity} ${l.unit}`.trim()]),
      },
      link: params.link,
      action: t('order.action'),
      after: [t('signature')],
    },
  );
};

/** A shared access link sent to its recipient. */
export const sharedLinkMail = (
  lng: string | undefined,
  params: {
    readonly to: string;
    readonly company: string;
    readonly contractor: string;
    readonly contentType: string;
    readonly expiresAt: string | null;
    readonly singleUse: boolean;
    readonly link: string | null;
    readonly token: string | null;
  },
): MailMessage => {
  const t = (key: string, values: Record<string, string | number> = {}) =>
    translate(lng, 'portal', `mail.${key}`, values);
  const what = t(`shared.kinds.${params.contentType}`);
  return compose(
    params.to,
    t('shared.subject', { company: params.company, contractor: params.contractor }),
    [
      t('shared.intro', { company: params.company, what, contractor: params.contractor }),
      params.expiresAt ? t('shared.until', { date: params.expiresAt }) : t('shared.unlimited'),
      ...(params.singleUse ? [t('shared.singleUse')] : []),
      ...(params.token ? [t('shared.token'), params.token] : []),
    ],
    {
      ...(params.link ? { link: params.link, action: t('shared.action') } : {}),
      after: [t('shared.ignore'), t('signature')],
    },
  );
};
