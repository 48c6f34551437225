import { createServer, type Server } from 'node:http';

/**
 * A local HTTP JSON quote source for tests: answers GET /quotes with what the test set, counts the
 * requests, and can be told to fail.
 */
export interface QuoteServer {
  readonly url: string;
  /** Requests received so far. */
  readonly hits: () => number;
  set(body: unknown, status?: number): void;
  close(): Promise<void>;
}

export const startQuoteServer = async (): Promise<QuoteServer> => {
  let body: unknown = {};
  let status = 200;
  let hits = 0;
  const server: Server = createServer((req, res) => {
    hits++;
    if (req.url !== '/quotes') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/quotes`,
    hits: () => hits,
    set: (next, nextStatus = 200) => {
      body = next;
      status = nextStatus;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
