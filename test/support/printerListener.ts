import { createServer, type Server } from 'node:net';

/** A label printer played by the test: a TCP listener on 127.0.0.1 that keeps every job it receives. */
export interface PrinterListener {
  /** `127.0.0.1:<port>`, as a Printer's address. */
  readonly address: string;
  /** The next print job (a connection's bytes once the sender has closed its side), as text. */
  next(): Promise<string>;
  close(): Promise<void>;
}

/**
 * Opens a listener on a free port of 127.0.0.1 in the test's process: the server prints to it as to a raw port-9100
 * printer, and the test reads the ZPL it got (API tests and Playwright both).
 */
export const openPrinterListener = async (): Promise<PrinterListener> => {
  const received: string[] = [];
  const waiting: ((job: string) => void)[] = [];
  const server: Server = createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      socket.end();
      const job = Buffer.concat(chunks).toString('utf8');
      const reader = waiting.shift();
      if (reader) reader(job);
      else received.push(job);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const bound = server.address();
  if (!bound || typeof bound === 'string') throw new Error('the printer listener has no port');
  return {
    address: `127.0.0.1:${bound.port}`,
    next: () =>
      new Promise<string>((resolve) => {
        const ready = received.shift();
        if (ready !== undefined) resolve(ready);
        else waiting.push(resolve);
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
