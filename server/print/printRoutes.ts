import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { disposition } from '../files/fileRoutes';
import { scopeOf } from '../resources/scope';
import { type PrinterConnector, tcpPrinterConnector } from './printerConnector';
import {
  type PrintRequest,
  PrintService,
  parseRequest,
  printerRequestSchema,
  printRequestSchema,
} from './printService';

export const pdfQuerySchema = printRequestSchema.omit({ goods: true }).extend({
  lot: z.string().trim().max(100).optional(),
  expiryDate: z.iso.date().optional(),
  quantity: z.coerce.number().finite().optional(),
});

export interface PrintOptions {
  /** How ZPL reaches a printer; raw TCP by default (tests pass their own to play a silent printer). */
  readonly connector?: PrinterConnector;
}

/**
 * Printing (docs/api.md, "Printing"): POST (or GET) /api/print/pdf answers the record printed with a layout as a PDF;
 * POST /api/print/printer sends it as ZPL to one of the company's label printers.
 */
export const registerPrintRoutes = (app: FastifyInstance, ctx: AppContext, opts: PrintOptions = {}): void => {
  const service = new PrintService(ctx, opts.connector ?? tcpPrinterConnector());

  const sendPdf = async (request: FastifyRequest, reply: FastifyReply, print: PrintRequest) => {
    const file = await service.pdf(scopeOf(request), print);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', disposition('attachment', file.fileName))
      .header('cache-control', 'no-store')
      .send(file.data);
  };

  app.post('/api/print/pdf', async (request, reply) =>
    sendPdf(request, reply, parseRequest(printRequestSchema, request.body)),
  );

  // The same as a plain GET, so the app can hand the PDF to the browser as a download.
  app.get('/api/print/pdf', async (request, reply) => {
    const query = parseRequest(pdfQuerySchema, request.query);
    const { lot, expiryDate, quantity, ...rest } = query;
    const goods = lot !== undefined || expiryDate !== undefined || quantity !== undefined;
    return sendPdf(request, reply, { ...rest, ...(goods ? { goods: { lot, expiryDate, quantity } } : {}) });
  });

  app.post('/api/print/printer', async (request) => {
    const scope = scopeOf(request);
    return service.toPrinter(scope, parseRequest(printerRequestSchema, request.body));
  });
};
