import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import { clientAccount } from '../db/internalTables';
import { translate } from '../i18n';
import { column, shippingTablesOf } from './shippingTables';
import type { Work } from './unitOfWork';

/** The shipping e-mails (texts in locales/<lng>/shipping.json under `mail`). */
export type ShippingMailKind =
  | 'ticketPublished'
  | 'offerReceived'
  | 'offerConfirmed'
  | 'offerNotChosen'
  | 'ticketWithdrawn'
  | 'ticketRescheduled'
  | 'message';

/** A person an e-mail goes to. `carrier` decides which screen the link opens. */
export interface Recipient {
  readonly email: string;
  readonly language: string | undefined;
  readonly name: string;
  readonly carrier: boolean;
}

export interface MailValues {
  readonly ticketId: string;
  readonly number: string;
  readonly route: string;
  readonly carrier?: string;
  readonly price?: string;
  readonly text?: string;
  readonly when?: string;
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The subject, plain text and HTML of one shipping e-mail in the recipient's language. */
export const shippingMail = (
  kind: ShippingMailKind,
  recipient: Recipient,
  values: MailValues & { readonly company: string; readonly link: string },
): { subject: string; text: string; html: string } => {
  const params: Record<string, string> = {
    name: recipient.name,
    number: values.number,
    route: values.route,
    company: values.company,
    carrier: values.carrier ?? '',
    price: values.price ?? '',
    when: values.when ?? '',
  };
  const t = (key: string) => translate(recipient.language, 'shipping', `mail.${key}`, params);
  const lines = [t(`${kind}.intro`), ...(values.text ? ['', values.text] : [])];
  const text = [t('greeting'), '', ...lines, '', values.link, '', '-- ', t('signature'), ''].join('\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${escapeHtml(t('greeting'))}</p>`,
    `<p>${escapeHtml(t(`${kind}.intro`))}</p>`,
    ...(values.text ? [`<blockquote>${escapeHtml(values.text).replace(/\n/g, '<br>')}</blockquote>`] : []),
    `<p><a href="${escapeHtml(values.link)}">${escapeHtml(t('open'))}</a></p>`,
    `<p>${escapeHtml(t('signature'))}</p>`,
    '</body></html>',
    '',
  ].join('\n');
  return { subject: t(`${kind}.subject`), text, html };
};

const recipientsOf = (rows: readonly Record<string, unknown>[], carrier: boolean): Recipient[] =>
  rows
    .filter((r) => typeof r.email === 'string' && r.email !== '')
    .map((r) => ({
      email: String(r.email),
      language: typeof r.defaultLanguage === 'string' ? r.defaultLanguage : undefined,
      name: String(r.visibleName || r.username),
      carrier,
    }));

/**
 * The users of carriers who may use find transport (transport switch on, active, not blocked); `null` = the
 * users of every carrier of the account.
 */
export const carrierRecipients = async (
  ctx: AppContext,
  db: Executor,
  accountId: string,
  carrierIds: readonly string[] | null,
): Promise<Recipient[]> => {
  if (carrierIds !== null && carrierIds.length === 0) return [];
  const { users } = shippingTablesOf(ctx);
  const u = (name: string) => column(users, name);
  const rows = await db
    .select({
      email: u('email'),
      defaultLanguage: u('defaultLanguage'),
      visibleName: u('visibleName'),
      username: u('username'),
    })
    .from(users)
    .where(
      and(
        eq(u('clientAccountId'), accountId),
        carrierIds === null ? sql`${u('carrierId')} is not null` : inArray(u('carrierId'), [...carrierIds]),
        sql`${u('contractorId')} is null`,
        eq(u('transportEnabled'), true),
        eq(u('isBlocked'), false),
        eq(u('isActivated'), true),
      ),
    );
  return recipientsOf(rows, true);
};

/** Warehouse users by id (the ticket's author), when active. */
export const staffRecipients = async (
  ctx: AppContext,
  db: Executor,
  accountId: string,
  userIds: readonly (string | null | undefined)[],
): Promise<Recipient[]> => {
  const ids = [...new Set(userIds.filter((id): id is string => typeof id === 'string'))];
  if (!ids.length) return [];
  const { users } = shippingTablesOf(ctx);
  const u = (name: string) => column(users, name);
  const rows = await db
    .select({
      email: u('email'),
      defaultLanguage: u('defaultLanguage'),
      visibleName: u('visibleName'),
      username: u('username'),
    })
    .from(users)
    .where(
      and(
        eq(u('clientAccountId'), accountId),
        inArray(u('id'), ids),
        eq(u('isBlocked'), false),
        sql`${u('carrierId')} is null`,
      ),
    );
  return recipientsOf(rows, false);
};

/** Queues one e-mail per recipient (sent after the commit by runWork). */
export const queueShippingMail = async (
  ctx: AppContext,
  work: Work,
  accountId: string,
  kind: ShippingMailKind,
  recipients: readonly Recipient[],
  values: MailValues,
): Promise<void> => {
  if (!recipients.length) return;
  const [account] = await work.tx
    .select({ name: clientAccount.name })
    .from(clientAccount)
    .where(eq(clientAccount.id, accountId));
  const company = account?.name ?? '';
  const seen = new Set<string>();
  for (const recipient of recipients) {
    if (seen.has(recipient.email)) continue;
    seen.add(recipient.email);
    const path = recipient.carrier
      ? `/transport/tickets/${values.ticketId}`
      : `/shipment-tickets/${values.ticketId}`;
    const content = shippingMail(kind, recipient, {
      ...values,
      company,
      link: `${ctx.config.publicUrl}${path}`,
    });
    work.mails.push({ clientAccountId: accountId, to: recipient.email, ...content });
  }
};
