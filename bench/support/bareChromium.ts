import { type ChildProcess, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

type Params = Record<string, unknown>;
interface Message {
  readonly id?: number;
  readonly method?: string;
  readonly params?: Params;
  readonly sessionId?: string;
  readonly result?: Params;
  readonly error?: { message: string };
}

/** One page of a bare Chromium: DevTools commands on its session, and its events. */
export interface BarePage {
  send<T = Params>(method: string, params?: Params): Promise<T>;
  /** Resolves at the page's next `method` event. */
  next(method: string): Promise<Params>;
  close(): Promise<void>;
}

/**
 * Chromium driven over its DevTools pipe with no domain enabled but the ones asked for.
 *
 * Why not Playwright: Playwright enables the Runtime domain on every page, and with it V8 records a detailed stack
 * trace for every Error the page constructs, in case it goes uncaught. That needs the source positions of every
 * function on the stack, which code from a code cache lacks, so V8 parses those functions again. During the app's
 * start React's module constructs an Error with the whole first-load chunk on the stack: several hundred
 * milliseconds at 4× CPU that no phone without DevTools spends (docs/decisions.md, "Offline cold start on the
 * phone"). Protocol: JSON messages ended by a NUL byte, written to fd 3 and read from fd 4.
 */
export class BareChromium {
  private readonly child: ChildProcess;
  private readonly input: Writable;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (r: Params) => void; reject: (e: Error) => void }>();
  private readonly listeners: {
    sessionId: string;
    method: string;
    resolve: (p: Params) => void;
    reject: (e: Error) => void;
  }[] = [];
  private buffered = '';
  private exited = false;

  constructor(path: string, flags: readonly string[], userDataDir: string) {
    this.child = spawn(path, [...flags, `--user-data-dir=${userDataDir}`, '--remote-debugging-pipe'], {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
    });
    this.input = this.child.stdio[3] as Writable;
    // A write racing the browser's exit fails with EPIPE; the exit below answers whoever waits.
    this.input.on('error', () => undefined);
    const output = this.child.stdio[4] as Readable;
    // Decoded as a stream, so a character split between two reads stays whole.
    output.setEncoding('utf8');
    output.on('data', (text: string) => this.received(text));
    // A browser that dies leaves nothing waiting on it.
    this.child.once('exit', () => {
      this.exited = true;
      const gone = new Error('Chromium exited');
      for (const waiter of this.waiting.values()) waiter.reject(gone);
      this.waiting.clear();
      for (const listener of this.listeners.splice(0)) listener.reject(gone);
    });
  }

  private received(text: string): void {
    const parts = (this.buffered + text).split('\0');
    this.buffered = parts.pop() ?? '';
    for (const part of parts) {
      const message = JSON.parse(part) as Message;
      if (message.id !== undefined) {
        const waiter = this.waiting.get(message.id);
        this.waiting.delete(message.id);
        if (message.error) waiter?.reject(new Error(message.error.message));
        else waiter?.resolve(message.result ?? {});
      } else if (message.method) {
        const at = this.listeners.findIndex(
          (l) => l.method === message.method && l.sessionId === message.sessionId,
        );
        const listener = at >= 0 ? this.listeners.splice(at, 1)[0] : undefined;
        listener?.resolve(message.params ?? {});
      }
    }
  }

  send<T = Params>(method: string, params: Params = {}, sessionId?: string): Promise<T> {
    if (this.exited) return Promise.reject(new Error('Chromium exited'));
    const id = this.nextId++;
    this.input.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    return new Promise<Params>((resolve, reject) => this.waiting.set(id, { resolve, reject })) as Promise<T>;
  }

  /** A new tab on about:blank, attached (nothing enabled on it yet). */
  async newPage(): Promise<BarePage> {
    const { targetId } = await this.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await this.send<{ sessionId: string }>('Target.attachToTarget', {
      targetId,
      flatten: true,
    });
    return {
      send: (method, params) => this.send(method, params, sessionId),
      next: (method) =>
        new Promise((resolve, reject) => this.listeners.push({ sessionId, method, resolve, reject })),
      close: async () => {
        await this.send('Target.closeTarget', { targetId });
      },
    };
  }

  /** Asks the browser to close (it may exit before it answers); kills it if it has not exited within 10 s. */
  async close(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.send('Browser.close').catch(() => undefined);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}
