import {
  HttpTransportType,
  type HubConnection,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
} from '@microsoft/signalr';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { loadConfig, type ServerConfig } from '../../../server/config';
import { createTestApp, type TestApp } from '../../support/testApp';
import { type TestClock, testClock } from '../../support/testClock';

export interface DataEvent {
  readonly resourceType: string;
  readonly id: string;
  readonly action: string;
}

export interface EditorInfo {
  readonly userId: string;
  readonly userName: string;
  readonly since: string;
}

export interface EditModeChange {
  readonly resourceType: string;
  readonly id: string;
  readonly editors: EditorInfo[];
  readonly correlationId: string | null;
}

/** A real @microsoft/signalr client with everything it received. */
export interface TestHubClient {
  readonly connection: HubConnection;
  readonly events: DataEvent[];
  readonly editModeChanges: EditModeChange[];
  /** The error the connection closed with (undefined while open or after a clean stop). */
  readonly closed: { error: Error | undefined; at: number | undefined };
  stop(): Promise<void>;
}

/** The origin of an app listening on a free port (started once per app). */
export const listen = async (app: FastifyInstance): Promise<string> => {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace('localhost', '127.0.0.1');
};

/** Negotiate + WebSockets, the way the app's client connects (no automatic reconnect here). */
export const connectClient = async (
  baseUrl: string,
  token: string,
  opts: { serverTimeoutMs?: number; keepAliveMs?: number } = {},
): Promise<TestHubClient> => {
  let builder = new HubConnectionBuilder()
    .withUrl(`${baseUrl}/dataHub`, {
      accessTokenFactory: () => token,
      transport: HttpTransportType.WebSockets,
    })
    .configureLogging(LogLevel.None);
  if (opts.serverTimeoutMs !== undefined) builder = builder.withServerTimeout(opts.serverTimeoutMs);
  if (opts.keepAliveMs !== undefined) builder = builder.withKeepAliveInterval(opts.keepAliveMs);
  const connection = builder.build();
  const events: DataEvent[] = [];
  const editModeChanges: EditModeChange[] = [];
  const closed: TestHubClient['closed'] = { error: undefined, at: undefined };
  connection.on('event', (e: DataEvent) => events.push(e));
  connection.on('EditModeChange', (e: EditModeChange) => editModeChanges.push(e));
  connection.onclose((error) => {
    closed.error = error;
    closed.at = Date.now();
  });
  await connection.start();
  return {
    connection,
    events,
    editModeChanges,
    closed,
    stop: async () => {
      if (connection.state !== HubConnectionState.Disconnected) await connection.stop();
    },
  };
};

/**
 * Waits until `check` passes (polling); fails with the last assertion error after `timeoutMs`. The bound only ends a
 * test that is broken: it is no margin a busy machine could miss (what a test waits for is caused by the test).
 */
export const eventually = async (check: () => void | Promise<void>, timeoutMs = 45_000): Promise<void> => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > end) throw error;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
};

export const editorIds = (change: { editors: readonly EditorInfo[] } | undefined): string[] =>
  (change?.editors ?? []).map((e) => e.userId).sort();

/** The last EditModeChange a client saw for one record. */
export const lastChangeFor = (client: TestHubClient, resourceType: string, id: string) =>
  client.editModeChanges.filter((c) => c.resourceType === resourceType && c.id === id).at(-1);

export const expectConnected = (client: TestHubClient) =>
  expect(client.connection.state).toBe(HubConnectionState.Connected);

/**
 * The app of a hub test file, on a clock the tests move forward (test/support/testClock.ts). Access tokens of the
 * test users last ten days of that clock and clients are never dropped for silence, so a test that moves the
 * clock by an hour (a short-lived token expiring) leaves the other connections alone.
 */
export const hubTestApp = async (
  hub: Partial<ServerConfig['hub']> = {},
): Promise<{ t: TestApp; clock: TestClock; base: string }> => {
  const clock = testClock();
  const base = loadConfig({ dataDir: undefined }).hub;
  const t = await createTestApp({
    clock,
    config: {
      accessTokenSeconds: 10 * 24 * 3600,
      hub: { ...base, clientTimeoutMs: 365 * 24 * 3600_000, ...hub },
    },
  });
  return { t, clock, base: await listen(t.app) };
};
