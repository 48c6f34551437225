import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Random } from './random';

/**
 * The chaos run's load balancer: spreads requests over the server processes that are up (round robin) and
 * injects network faults on the way, decided per terminal (the x-chaos-terminal header) from that terminal's
 * own seeded stream, so a seed replays the same plan:
 * - offline: every request of a terminal in an offline window is cut before it reaches a server;
 * - request dropped: the connection is cut before the request is forwarded (the server never sees it);
 * - response dropped: the request is forwarded, the server answers (it has committed), and the answer is
 *   thrown away and the connection cut — the terminal must not know whether its work was done.
 * A server that dies while a request is in flight cuts that request's connection too.
 */

export const terminalHeader = 'x-chaos-terminal';

export interface Backend {
  readonly name: string;
  readonly port: number;
  /** False while killed or restarting: no request goes there. */
  ready: boolean;
}

export interface FaultRates {
  readonly dropRequest: number;
  readonly dropResponse: number;
}

export interface ProxyCounts {
  forwarded: number;
  offlineCut: number;
  requestsDropped: number;
  responsesDropped: number;
  /** Requests cut because their server died under them or none was up. */
  serverGone: number;
  byStatus: Map<number, number>;
}

export class FaultProxy {
  private server: Server | undefined;
  private next = 0;
  /** Terminals in an offline window. */
  readonly offline = new Set<string>();
  /** Faults on (during the run) or off (while everything settles). */
  faulty = true;
  readonly counts: ProxyCounts = {
    forwarded: 0,
    offlineCut: 0,
    requestsDropped: 0,
    responsesDropped: 0,
    serverGone: 0,
    byStatus: new Map(),
  };
  /** Called when a push is forwarded to a backend (the chaos run kills a server in the middle of one). */
  onPush: ((backend: Backend) => void) | undefined;

  constructor(
    readonly backends: readonly Backend[],
    private readonly rates: FaultRates,
    private readonly randomOf: (terminal: string) => Random,
  ) {}

  async listen(): Promise<number> {
    const server = createServer((req, res) => this.handle(req, res));
    server.keepAliveTimeout = 5_000;
    this.server = server;
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    return (server.address() as AddressInfo).port;
  }

  close(): Promise<void> {
    const server = this.server;
    if (!server) return Promise.resolve();
    server.closeAllConnections();
    return new Promise((done) => server.close(() => done()));
  }

  private pick(): Backend | undefined {
    const up = this.backends.filter((b) => b.ready);
    if (!up.length) return undefined;
    this.next = (this.next + 1) % up.length;
    return up[this.next];
  }

  private cut(req: IncomingMessage, res: ServerResponse): void {
    req.resume();
    res.socket?.destroy();
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const terminal = String(req.headers[terminalHeader] ?? '');
    const random = terminal ? this.randomOf(terminal) : undefined;
    if (this.offline.has(terminal)) {
      this.counts.offlineCut++;
      this.cut(req, res);
      return;
    }
    // Both draws are taken for every request, so one terminal's stream does not depend on which fault fired.
    const dropRequest = random ? random.next() < this.rates.dropRequest : false;
    const dropResponse = random ? random.next() < this.rates.dropResponse : false;
    if (this.faulty && dropRequest) {
      this.counts.requestsDropped++;
      this.cut(req, res);
      return;
    }
    const backend = this.pick();
    if (!backend) {
      this.counts.serverGone++;
      this.cut(req, res);
      return;
    }
    const headers = { ...req.headers };
    delete headers[terminalHeader];
    const upstream = request(
      { host: '127.0.0.1', port: backend.port, method: req.method, path: req.url, headers },
      (answer) => {
        const status = answer.statusCode ?? 0;
        if (this.faulty && dropResponse) {
          // Read the whole answer (the server has done the work), then cut the terminal off without it.
          answer.resume();
          answer.on('end', () => {
            this.counts.responsesDropped++;
            res.socket?.destroy();
          });
          return;
        }
        this.counts.forwarded++;
        this.counts.byStatus.set(status, (this.counts.byStatus.get(status) ?? 0) + 1);
        res.writeHead(status, answer.headers);
        answer.pipe(res);
        answer.on('error', () => res.socket?.destroy());
      },
    );
    upstream.on('error', () => {
      this.counts.serverGone++;
      res.socket?.destroy();
    });
    req.pipe(upstream);
    if (req.method === 'POST' && req.url?.startsWith('/api/sync/push')) this.onPush?.(backend);
  }
}
