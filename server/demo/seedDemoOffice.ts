import { and, desc, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import type { AppContext } from '../context';
import { DiscussionService } from '../discussions/discussionService';
import { FileStore } from '../files/fileStore';
import { ResourceService } from '../resources/resourceService';
import type { Row } from '../resources/rows';
import type { Scope } from '../resources/scope';

const serviceOf = (ctx: AppContext, name: string) => {
  const def = ctx.schema.definitions.find((d) => d.name === name);
  if (!def) throw new Error(`the ${name} resource is missing`);
  return new ResourceService(ctx, def);
};

/** A small price list for ACME, as the XLSX a customer would send (it also converts to PDF). */
const priceList = async (): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Price list 2026');
  sheet.addRow(['Index', 'Name', 'Unit', 'Price (EUR)']);
  sheet.addRow(['WATER-05', 'Spring water 0.5 l', 'pcs', 0.35]);
  sheet.addRow(['JUICE-1', 'Apple juice 1 l', 'pcs', 1.2]);
  sheet.addRow(['PALLET-EUR', 'EUR pallet deposit', 'pcs', 14]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

/**
 * The office part of the demo: ACME's buyer to write to, e-mail templates for documents and orders (English and
 * Polish), two favorites, a web shop's credentials (inactive), a price list attached to ACME, and a discussion on
 * a receipt between the admin and the manager.
 */
export const seedDemoOffice = async (
  ctx: AppContext,
  admin: Scope,
  manager: Scope,
  contractorId: string,
): Promise<void> => {
  await serviceOf(ctx, 'person').create(admin, {
    firstName: 'Paula',
    lastName: 'Buyer',
    email: 'paula@acme.example',
    phone: '+48 601 000 111',
    position: 'Purchasing',
    companyId: contractorId,
  });
  const templates = serviceOf(ctx, 'emailTemplate');
  await templates.create(admin, {
    name: 'Warehouse document',
    refResourceType: 'wmsDocument',
    language: 'en-us',
    subject: 'Document {{documentNumber}} — {{contractor}}',
    body: 'Hello {{recipient.name}},\n\nplease find below document {{documentNumber}} ({{typeCode}}) of {{executionDate}}:\n\n{{lines}}\n\nKind regards,\n{{user.name}}\n{{company.name}}',
  });
  await templates.create(admin, {
    name: 'Dokument magazynowy',
    refResourceType: 'wmsDocument',
    language: 'pl-pl',
    subject: 'Dokument {{documentNumber}} — {{contractor}}',
    body: 'Dzień dobry {{recipient.name}},\n\nponiżej dokument {{documentNumber}} ({{typeCode}}) z dnia {{executionDate}}:\n\n{{lines}}\n\nPozdrawiamy,\n{{user.name}}\n{{company.name}}',
  });
  await templates.create(admin, {
    name: 'Order confirmation',
    refResourceType: 'wmsOrder',
    language: 'en-us',
    subject: 'Order {{orderNumber}} confirmed',
    body: 'Hello {{recipient.name}},\n\nyour order {{orderNumber}} is {{statusCode}}, planned for {{plannedDate}}:\n\n{{lines}}\n\n{{company.name}}',
  });

  // Shortcuts on the home page (a long press opens a favorite's editor).
  const favorites = serviceOf(ctx, 'favoriteAction');
  await favorites.create(admin, { title: 'Stock', link: '/stock', color: '#2f9e44' });
  await favorites.create(admin, { title: 'Discussions', link: '/discussions', color: '#1c7ed6' });
  // A web shop to import products from: inactive until a super user enters real keys and activates it.
  await serviceOf(ctx, 'externalCredentials').create(admin, {
    serviceType: 'wooCommerce',
    serviceName: 'Web shop',
    baseUrl: 'https://shop.example',
    username: 'ck_demo',
    secret: 'cs_demo',
  });

  const files = new FileStore(ctx);
  const acme = await files.owner(admin, 'company', contractorId, 'write');
  await files.save(admin, acme, [
    {
      fileName: 'ACME price list 2026.xlsx',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      data: await priceList(),
    },
  ]);

  const documents = ctx.schema.resourceTables.wmsDocument;
  if (!documents) return;
  const [receipt] = await ctx.db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.clientAccountId as PgColumn, admin.clientAccountId),
        eq(documents.contractorId as PgColumn, contractorId),
      ),
    )
    .orderBy(desc(documents.createdAt as PgColumn))
    .limit(1);
  if (!receipt) return;
  const discussions = new DiscussionService(ctx);
  const thread = await discussions.openForRecord(admin, {
    refResourceType: 'wmsDocument',
    refResourceId: String((receipt as Row).id),
  });
  await discussions.post(
    admin,
    thread.discussionId,
    'Two cartons of this receipt arrived damaged; I put them aside on the inbound ramp.',
  );
  await discussions.get(manager, thread.discussionId);
  await discussions.post(
    manager,
    thread.discussionId,
    'Noted. I will tell ACME and ask whether they want them returned.',
  );
};
