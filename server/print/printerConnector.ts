import { createConnection, type Socket } from 'node:net';
import { AppError } from '../../domain/errors';

/** Sends bytes to a network printer; rejects with printerConnectionFailed when they cannot be delivered. */
export interface PrinterConnector {
  send(target: { readonly host: string; readonly port: number }, data: Buffer): Promise<void>;
}

/** How long a printer may stay silent (connecting or taking the data) before the print is given up. */
export const printerTimeoutMs = 5_000;

/** The part of a socket the connector uses: node:net's Socket, or a test's stand-in. */
export type PrinterSocket = Pick<Socket, 'setTimeout' | 'once' | 'end' | 'destroy'>;

/**
 * Raw TCP printing (port 9100): connect, write the ZPL, half-close and wait until the printer closes or the data is
 * flushed. Refused, unreachable, reset or silent for `timeoutMs` (idle, so a large job on a slow link is not cut
 * off) → printerConnectionFailed. `connect` is injectable so a test can play a printer that never answers.
 */
export const tcpPrinterConnector = (
  opts: {
    readonly timeoutMs?: number;
    readonly connect?: (port: number, host: string) => PrinterSocket;
  } = {},
): PrinterConnector => {
  const timeoutMs = opts.timeoutMs ?? printerTimeoutMs;
  const connect = opts.connect ?? ((port: number, host: string) => createConnection({ port, host }));
  return {
    send: (target, data) =>
      new Promise<void>((resolve, reject) => {
        const socket = connect(target.port, target.host);
        let settled = false;
        // Also after the data is sent: a printer that keeps the connection open is let go when it falls silent.
        const fail = (detail: string) => {
          socket.destroy();
          if (settled) return;
          settled = true;
          reject(new AppError('printerConnectionFailed', { detail }));
        };
        socket.setTimeout(timeoutMs);
        socket.once('timeout', () => fail(`printer ${target.host}:${target.port} timed out`));
        socket.once('error', (error: Error) =>
          fail(`printer ${target.host}:${target.port}: ${error.message}`),
        );
        socket.once('connect', () => {
          // end() writes the data and then half-closes; 'finish' fires once it is all handed to the network.
          socket.end(data, () => {
            if (settled) return;
            settled = true;
            resolve();
          });
        });
      }),
  };
};
