import { HttpTransportType, type HubConnection, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../../server/resources/rows';
import { listen } from '../hub/hubClient';
import {
  aCatalyst,
  aClient,
  aCompany,
  aGroup,
  allFlags,
  type CatalystTestApp,
  type Company,
  createCatalystApp,
  type SignedInClient,
  signInClient,
  someMetals,
} from './catalystSupport';

interface Received {
  readonly target: string;
  readonly payload: unknown;
}

/** A real @microsoft/signalr client on the client accounts' hub, with everything it received. */
const connect = async (baseUrl: string, client: SignedInClient) => {
  const received: Received[] = [];
  const connection: HubConnection = new HubConnectionBuilder()
    .withUrl(`${baseUrl}/api/catalyst/hub`, {
      accessTokenFactory: () => client.token,
      headers: { 'X-Device-Id': client.deviceId },
      transport: HttpTransportType.WebSockets,
    })
    .configureLogging(LogLevel.None)
    .build();
  connection.on('pricesChanged', (payload: unknown) => received.push({ target: 'pricesChanged', payload }));
  connection.on('marketPhase', (payload: unknown) => received.push({ target: 'marketPhase', payload }));
  await connection.start();
  return { connection, received };
};

/** Waits for a condition the server makes true by sending; bounded by attempts, not by wall-clock time. */
const until = async (check: () => boolean) => {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
};

describe("client accounts' live connection", () => {
  let t: CatalystTestApp;
  let c: Company;
  let other: Company;
  let baseUrl: string;
  let metals: Record<string, string>;
  let client: SignedInClient;
  let outsider: SignedInClient;

  beforeAll(async () => {
    t = await createCatalystApp();
    c = await aCompany(t);
    other = await aCompany(t);
    metals = await someMetals(t, c.admin, { Pt: 30 });
    await aCatalyst(t, c.admin, metals, { productStockContent: [{ baseStockId: metals.Pt, gramsPerKg: 1 }] });
    const group = await aGroup(t, c.admin, allFlags);
    client = await signInClient(t, await aClient(t, c.admin, String(group.id)));
    const otherGroup = await aGroup(t, other.admin, allFlags);
    outsider = await signInClient(t, await aClient(t, other.admin, String(otherGroup.id)));
    baseUrl = await listen(t.app);
  });
  afterAll(async () => t.close());

  it("tells the company's clients that prices changed when a quote comes in, and nobody else", async () => {
    const mine = await connect(baseUrl, client);
    const theirs = await connect(baseUrl, outsider);
    try {
      await t.ok(
        c.admin,
        'POST',
        `/api/catalyst/companystockraterule/${metals.Pt}/quote`,
        { price: 35 },
        200,
      );
      await until(() => mine.received.some((r) => r.target === 'pricesChanged'));
      expect(mine.received).toContainEqual({
        target: 'pricesChanged',
        payload: { reason: 'companyStockRateRule' },
      });
      // The new price is there to read at once.
      const page = await t.ok<{ results: Row[] }>(client, 'GET', '/api/catalyst/catalyst/as-client');
      expect(page.results[0]?.price).toBe(70);
      // A change of the other company reaches its own client; ours heard nothing of it.
      await t.ok(other.admin, 'POST', '/api/catalyst/producer', { name: 'Other producer' });
      await until(() => theirs.received.length > 0);
      expect(theirs.received.filter((r) => r.target === 'pricesChanged')).toHaveLength(1);
      expect(mine.received.filter((r) => r.target === 'pricesChanged')).toHaveLength(1);
    } finally {
      await mine.connection.stop();
      await theirs.connection.stop();
    }
  });

  it('refuses staff tokens and freed devices', async () => {
    const staff = new HubConnectionBuilder()
      .withUrl(`${baseUrl}/api/catalyst/hub`, {
        accessTokenFactory: () => c.admin.token,
        headers: { 'X-Device-Id': 'x' },
        transport: HttpTransportType.WebSockets,
      })
      .configureLogging(LogLevel.None)
      .build();
    await expect(staff.start()).rejects.toThrow();
    const devices = await t.ok<{ results: Row[] }>(
      c.admin,
      'GET',
      `/api/catalyst/clientuser/${client.clientUserId}/devices`,
    );
    await t.ok(
      c.admin,
      'DELETE',
      `/api/catalyst/clientuser/${client.clientUserId}/devices/${devices.results[0]?.id}`,
      undefined,
      204,
    );
    await expect(connect(baseUrl, client)).rejects.toThrow();
  });
});
