import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../domain/errors';
import { type PrinterSocket, tcpPrinterConnector } from '../../../server/print/printerConnector';

/** A printer connection the test drives: it connects, errs or stays silent when told to. */
class FakeSocket extends EventEmitter {
  timeoutMs = 0;
  written: Buffer | undefined;
  destroyed = false;
  setTimeout(ms: number) {
    this.timeoutMs = ms;
    return this;
  }
  end(data: Buffer, done: () => void) {
    this.written = data;
    done();
    return this;
  }
  destroy() {
    this.destroyed = true;
    return this;
  }
}

const connectorWith = (socket: FakeSocket, seen: { port?: number; host?: string } = {}) =>
  tcpPrinterConnector({
    timeoutMs: 1234,
    connect: (port, host) => {
      seen.port = port;
      seen.host = host;
      return socket as unknown as PrinterSocket;
    },
  });

const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
};

describe('raw TCP printer connector', () => {
  it('writes the job once connected and resolves when it is handed over', async () => {
    const socket = new FakeSocket();
    const seen: { port?: number; host?: string } = {};
    const sent = connectorWith(socket, seen).send({ host: 'zebra.local', port: 9100 }, Buffer.from('^XA^XZ'));
    socket.emit('connect');
    await sent;
    expect(seen).toEqual({ host: 'zebra.local', port: 9100 });
    expect(socket.written?.toString()).toBe('^XA^XZ');
    expect(socket.timeoutMs).toBe(1234);
  });

  it('gives up with printerConnectionFailed when the printer stays silent', async () => {
    const socket = new FakeSocket();
    const sent = connectorWith(socket).send({ host: '10.0.0.9', port: 9100 }, Buffer.from('^XA^XZ'));
    socket.emit('timeout');
    expect(await failureOf(sent)).toBe('printerConnectionFailed');
    expect(socket.destroyed).toBe(true);
    expect(socket.written).toBeUndefined();
  });

  it('answers printerConnectionFailed when the connection is refused', async () => {
    const socket = new FakeSocket();
    const sent = connectorWith(socket).send({ host: '10.0.0.9', port: 9100 }, Buffer.from('^XA^XZ'));
    socket.emit('error', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    expect(await failureOf(sent)).toBe('printerConnectionFailed');
  });
});
