import { z } from 'zod';
import { AppError, type ErrorCode } from '../../domain/errors';
import { parsePrinterAddress } from '../../domain/print/printerAddress';
import { parseLayout } from '../../domain/print/printTemplate';
import {
  isPrintObjectType,
  type PrintObjectType,
  printObjectTypes,
} from '../../domain/print/printVocabulary';
import { layoutToZpl, type PrintPage, renderLayout } from '../../domain/print/renderLayout';
import type { AppContext } from '../context';
import { ResourceService } from '../resources/resourceService';
import type { Row } from '../resources/rows';
import type { Scope } from '../resources/scope';
import { fieldErrorsOf } from '../warehouse/records/fieldErrors';
import { layoutToPdf } from './layoutPdf';
import { PrintData } from './printData';
import type { PrinterConnector } from './printerConnector';

const fail = (code: ErrorCode) => ({ error: code });
const uuid = z.string(fail('invalidValue')).uuid(fail('invalidValue'));

/** What to print: a record, optionally with a layout (else its kind's default) and, for goods, lot and expiry. */
export const printRequestSchema = z.object({
  objectType: z.enum(printObjectTypes, fail('invalidValue')),
  objectId: uuid,
  layoutId: uuid.optional(),
  goods: z
    .object({
      lot: z.string(fail('invalidValue')).trim().max(100, fail('maxLength')).optional(),
      expiryDate: z.iso.date(fail('invalidValue')).optional(),
      quantity: z.number(fail('invalidValue')).finite(fail('invalidValue')).optional(),
    })
    .optional(),
});
export type PrintRequest = z.infer<typeof printRequestSchema>;

export const printerRequestSchema = printRequestSchema.extend({ printerId: uuid });

export const parseRequest = <T>(schema: z.ZodType<T>, body: unknown): T => {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw new AppError('formHasErrors', { fields: fieldErrorsOf(parsed.error) });
  return parsed.data;
};

const pageOf = (layout: Row): PrintPage =>
  layout.paper === 'a4'
    ? { kind: 'a4' }
    : {
        kind: 'label',
        widthMm: Number(layout.labelWidthMm ?? 100),
        heightMm: Number(layout.labelHeightMm ?? 60),
      };

/**
 * Printing a record: finds the layout (the one asked for, which must be for that kind of record, or the kind's
 * default), reads the record in the caller's scope, fills the layout (domain/print) and makes a PDF or sends ZPL.
 */
export class PrintService {
  private readonly layouts: ResourceService;
  private readonly printers: ResourceService;
  private readonly data: PrintData;
  private readonly connector: PrinterConnector;

  constructor(ctx: AppContext, connector: PrinterConnector) {
    const def = (name: string) => {
      const found = ctx.schema.definitions.find((d) => d.name === name);
      if (!found) throw new Error(`the ${name} resource is missing`);
      return found;
    };
    this.layouts = new ResourceService(ctx, def('printLayout'));
    this.printers = new ResourceService(ctx, def('printer'));
    this.data = new PrintData(ctx);
    this.connector = connector;
  }

  /** The layout for a print: the given one (another company's is not found) or the kind's default, first by name. */
  private async layoutFor(
    scope: Scope,
    objectType: PrintObjectType,
    layoutId: string | undefined,
  ): Promise<Row> {
    if (layoutId) {
      const layout = await this.layouts.get(scope, layoutId);
      if (layout.objectType !== objectType) throw new AppError('labelLayoutMissing');
      return layout;
    }
    const layouts = await this.layouts.all(scope, {
      filters: [{ field: 'objectType', operator: 'eq', value: objectType }],
      sortColumn: 'name',
      sortDescending: false,
    });
    const chosen = layouts.find((l) => l.isDefault === true) ?? layouts[0];
    if (!chosen) throw new AppError('labelLayoutMissing');
    return chosen;
  }

  private async render(scope: Scope, request: PrintRequest) {
    const layout = await this.layoutFor(scope, request.objectType, request.layoutId);
    const objectType = isPrintObjectType(layout.objectType) ? layout.objectType : request.objectType;
    const parsed = parseLayout(String(layout.content ?? ''), objectType);
    if (!parsed.ok) throw new AppError('formHasErrors', { fields: [...parsed.errors] });
    const subject = await this.data.load(scope, request.objectType, request.objectId, request.goods ?? {});
    return { layout, subject, nodes: parsed.nodes };
  }

  /** The record as a PDF of its layout, with a file name. */
  async pdf(scope: Scope, request: PrintRequest): Promise<{ data: Buffer; fileName: string }> {
    const { layout, subject, nodes } = await this.render(scope, request);
    const tree = renderLayout(nodes, subject.data, pageOf(layout));
    const data = await layoutToPdf(tree, {
      title: `${String(layout.name)}: ${subject.title}`,
      subject: subject.title,
    });
    const fileName = `${String(layout.name)} ${subject.title}`.trim().replace(/[\\/:*?"<>|]+/g, '_');
    return { data, fileName: `${fileName}.pdf` };
  }

  /** The record as ZPL, sent to one of the company's printers; answers the number of bytes sent. */
  async toPrinter(scope: Scope, request: PrintRequest & { printerId: string }): Promise<{ bytes: number }> {
    const printer = await this.printers.get(scope, request.printerId);
    const address = parsePrinterAddress(String(printer.address ?? ''));
    if (!address)
      throw new AppError('printerConnectionFailed', { detail: 'the printer address is not valid' });
    const { subject, nodes, layout } = await this.render(scope, request);
    const tree = renderLayout(nodes, subject.data, pageOf(layout));
    const zpl = layoutToZpl(tree, {
      widthMm: Number(printer.labelWidthMm ?? 100),
      heightMm: Number(printer.labelHeightMm ?? 60),
      dpi: Number(printer.dpi ?? 203),
    });
    const data = Buffer.from(zpl, 'utf8');
    await this.connector.send(address, data);
    return { bytes: data.length };
  }
}
