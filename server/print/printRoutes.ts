import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { disposition } from '../files/fileRoutes';
import { scopeOf } from '../resources/scope';
import { type PrinterConnector, tcpPrinterConnector } from './printerConnector';
import { PrintService, parseRequest, printerRequestSchema, printRequestSchema } from './printService';

export interface PrintOptions {
  /** How ZPL reaches a printer; raw TCP by default (tests pass their own to play a silent printer). */
  readonly connector?: PrinterConnector;
}

/**
 * Printing (docs/api.md, "Printing"): POST /api/print/pdf answers the record printed with a layout as a PDF;
 * POST /api/print/printer sends it as ZPL to one of the company's label printers.
 */
export const registerPrintRoutes = (app: FastifyInstance, ctx: AppContext, opts: PrintOptions = {}): void => {
  const service = new PrintService(ctx, opts.connector ?? tcpPrinterConnector());

  app.post('/api/print/pdf', async (request, reply) => {
    const scope = scopeOf(request);
    const file = await service.pdf(scope, parseRequest(printRequestSchema, request.body));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', disposition('attachment', file.fileName))
      .header('cache-control', 'no-store')
      .send(file.data);
  });

  app.post('/api/print/printer', async (request) => {
    const scope = scopeOf(request);
    return service.toPrinter(scope, parseRequest(printerRequestSchema, request.body));
  });
};
