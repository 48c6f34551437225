import type { RawData, WebSocket } from 'ws';
import type { Claims } from '../../domain/auth/claims';
import { AppError } from '../../domain/errors';
import type { Clock, Timer } from '../clock';
import {
  encodeRecord,
  type InvocationMessage,
  MessageType,
  type OutgoingMessage,
  parseHandshake,
  parseMessage,
  splitRecords,
} from './protocol';

/** A failure reported to the caller as the completion's error text. */
export class HubMethodError extends Error {}

/** Who is connected: staff claims on /dataHub; any identity with an expiry elsewhere (catalyst clients). */
export interface HubIdentity {
  readonly exp: number;
}

export interface HubCallbacks<C extends HubIdentity = Claims> {
  /** Runs a client invocation; the value is the completion's result. */
  invoke(connection: HubConnection<C>, target: string, args: readonly unknown[]): Promise<unknown>;
  /** The handshake succeeded: the connection may now receive events. */
  opened(connection: HubConnection<C>): void;
  closed(connection: HubConnection<C>): void;
  /**
   * Whether the user may still be connected, asked when the access token expires and then every
   * `recheckMs`: the token is not renewed over the socket, the user row is checked instead.
   */
  stillAllowed(connection: HubConnection<C>): Promise<boolean>;
  readonly recheckMs: number;
  /** The server's clock: token expiry, handshake and close deadlines, when a client was last heard. */
  readonly clock: Clock;
  logError(error: unknown, what: string): void;
}

/** Text kept while waiting for the end of a record; more means a broken or hostile client. */
const maxBufferedChars = 64 * 1024;
const handshakeTimeoutMs = 15_000;

/** The error text sent for a failed invocation: catalogue codes as they are, anything else generic. */
const completionError = (error: unknown): string | undefined => {
  if (error instanceof HubMethodError) return error.message;
  if (error instanceof AppError) return error.code;
  return undefined;
};

/** One client over WebSocket: handshake, invocations one at a time in order, completions, close. */
export class HubConnection<C extends HubIdentity = Claims> {
  readonly connectionId: string;
  readonly claims: C;
  /** Last time anything arrived (the client pings every 15 s). */
  lastReceivedAt: number;
  private handshaken = false;
  private closing = false;
  private buffer = '';
  private queue: Promise<void> = Promise.resolve();
  private readonly timers: Timer[] = [];

  constructor(
    private readonly socket: WebSocket,
    connectionId: string,
    claims: C,
    private readonly hub: HubCallbacks<C>,
  ) {
    this.connectionId = connectionId;
    this.claims = claims;
    this.lastReceivedAt = hub.clock.now();
    socket.on('message', (data) => this.receive(data));
    socket.on('close', () => this.onSocketClosed());
    socket.on('error', (error) => hub.logError(error, 'websocket'));
    this.timer(handshakeTimeoutMs, () => {
      if (!this.handshaken) this.terminate();
    });
    this.timer(claims.exp * 1000 - hub.clock.now(), () => this.recheck());
  }

  /**
   * Past the token's expiry the connection lives on while the user stays active (closing it every
   * token lifetime would make edit modes flicker); a blocked or deleted user is disconnected with
   * "Unauthorized", so the client's token renewal fails and the session ends.
   */
  recheck(scheduleNext = true): void {
    if (this.closing) return;
    this.hub
      .stillAllowed(this)
      .catch((error: unknown) => {
        // The database is unreachable: keep the connection and ask again later.
        this.hub.logError(error, 'recheck');
        return true;
      })
      .then((allowed) => {
        if (!allowed) this.close('Unauthorized: the user may no longer sign in.', true);
        else if (scheduleNext) this.timer(this.hub.recheckMs, () => this.recheck());
      });
  }

  get isOpen(): boolean {
    return this.handshaken && !this.closing;
  }

  private timer(ms: number, run: () => void) {
    this.timers.push(this.hub.clock.after(ms, run));
  }

  send(message: OutgoingMessage): void {
    if (!this.isOpen || this.socket.readyState !== this.socket.OPEN) return;
    this.socket.send(encodeRecord(message), (error) => {
      if (error) this.hub.logError(error, 'send');
    });
  }

  /** Sends the close message and ends the connection. */
  close(error?: string, allowReconnect?: boolean): void {
    if (this.closing) return;
    if (this.handshaken && this.socket.readyState === this.socket.OPEN) {
      const message = {
        type: MessageType.Close,
        ...(error ? { error } : {}),
        ...(allowReconnect !== undefined ? { allowReconnect } : {}),
      };
      this.socket.send(encodeRecord(message));
    }
    this.closing = true;
    this.socket.close(1000);
    // A client that never answers the close handshake is cut off.
    this.timer(5_000, () => this.terminate());
  }

  terminate(): void {
    this.closing = true;
    this.socket.terminate();
  }

  private receive(data: RawData): void {
    if (this.closing) return;
    this.lastReceivedAt = this.hub.clock.now();
    // JSON records arrive as text frames; a binary frame is read as UTF-8 all the same.
    const text = Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.isBuffer(data)
        ? data.toString('utf8')
        : Buffer.from(data).toString('utf8');
    const { records, rest } = splitRecords(this.buffer + text);
    this.buffer = rest;
    if (rest.length > maxBufferedChars) {
      this.close('Message too large.');
      return;
    }
    for (const record of records) {
      if (this.closing) return;
      if (!this.handshaken) this.handshake(record);
      else this.handle(record);
    }
  }

  private handshake(record: string): void {
    const result = parseHandshake(record);
    if (!result.ok) {
      this.socket.send(encodeRecord({ error: result.error }));
      this.closing = true;
      this.socket.close(1002);
      return;
    }
    this.socket.send(encodeRecord({}));
    this.handshaken = true;
    this.hub.opened(this);
  }

  private handle(record: string): void {
    const parsed = parseMessage(record);
    switch (parsed.kind) {
      case 'invocation':
        this.enqueue(parsed.message);
        return;
      case 'streamInvocation':
        if (parsed.invocationId !== undefined)
          this.send({
            type: MessageType.Completion,
            invocationId: parsed.invocationId,
            error: 'Streaming methods are not supported.',
          });
        return;
      case 'close':
        this.close();
        return;
      case 'invalid':
        this.close(parsed.reason);
        return;
      case 'ping':
      case 'ignored':
        return;
    }
  }

  /** Invocations run one after another, so EnterEditMode and LeaveEditMode keep their order. */
  private enqueue(message: InvocationMessage): void {
    this.queue = this.queue.then(() => this.invoke(message));
  }

  private async invoke(message: InvocationMessage): Promise<void> {
    const { invocationId, target } = message;
    try {
      const result = await this.hub.invoke(this, target, message.arguments);
      if (invocationId !== undefined)
        this.send({ type: MessageType.Completion, invocationId, result: result ?? null });
    } catch (error) {
      const text = completionError(error);
      if (text === undefined) this.hub.logError(error, `invoking ${target}`);
      if (invocationId !== undefined)
        this.send({
          type: MessageType.Completion,
          invocationId,
          error: text ?? `An unexpected error occurred invoking '${target}' on the server.`,
        });
    }
  }

  private onSocketClosed(): void {
    this.closing = true;
    for (const t of this.timers) t.cancel();
    this.hub.closed(this);
  }
}
