import type { APIRequestContext } from '@playwright/test';
import { CatalystClientPage } from './pages/CatalystClientPage';
import { expect, test } from './support/fixtures';
import { type ApiRow, WarehouseApi } from './support/warehouseApi';

const phone = { width: 360, height: 740 };
const password = 'client-pass-1';

interface ClientRow {
  readonly id: string;
  readonly name: string;
  readonly price?: number | null;
  readonly weight?: number | null;
}

/** A new metal quote, as staff enter it by hand (per gram in the rate's quote currency). */
const quote = async (request: APIRequestContext, token: string, rateId: string, price: number) => {
  const response = await request.post(`/api/catalyst/companystockraterule/${rateId}/quote`, {
    data: { price },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
};

const staffToken = async (request: APIRequestContext): Promise<string> => {
  const response = await request.post('/api/Auth', { data: { username: 'admin', password: 'demo1234' } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
};

const money = (n: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(n);

test.describe('catalyst buying: what a client account sees', () => {
  test('a group with prices and one without: each client sees its fields, and a new Pt quote reprices live', async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const run = Date.now().toString(36);
    const admin = await WarehouseApi.signIn(request, 'admin');
    const token = await staffToken(request);

    // The company's setup, as the admin makes it: the Pt rate, two client groups, a client in each.
    const [pt] = await admin.list('/api/catalyst/companystockraterule', { shortName: 'Pt' });
    expect(pt, 'the demo has a Pt rate').toBeTruthy();
    const ptId = String(pt?.id);
    const shown = await admin.post('/api/catalyst/userGroup', {
      name: `Prices ${run}`,
      devicesLimit: 2,
      canDisplayPrices: true,
      canDisplayWeight: true,
      canUseCart: true,
    });
    const hidden = await admin.post('/api/catalyst/userGroup', {
      name: `No prices ${run}`,
      devicesLimit: 2,
      canDisplayPrices: false,
      canDisplayWeight: false,
    });
    const client = async (group: ApiRow, name: string) =>
      admin.post('/api/catalyst/clientuser', {
        username: `${name}-${run}`,
        password,
        name: `${name} ${run}`,
        userGroupId: group.id,
      });
    const pricedClient = await client(shown, 'priced');
    await client(hidden, 'plain');

    // 100 catalysts holding platinum, imported from a file with the catalyst template; then one gets a serial
    // number and the last is hidden from clients.
    const file = [
      'name,weight,humidity,pt',
      ...Array.from(
        { length: 100 },
        (_, k) => `E2E ${run} ${String(k + 1).padStart(3, '0')},1.5,0,${(1 + (k + 1) / 100).toFixed(2)}`,
      ),
    ].join('\r\n');
    const imported = await request.post('/api/Import/catalysts?mode=allOrNothing&wait=true', {
      multipart: { file: { name: 'catalysts.csv', mimeType: 'text/csv', buffer: Buffer.from(file) } },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(imported.status(), await imported.text()).toBe(200);
    expect(await imported.json()).toMatchObject({ status: 'done', rowsImported: 100 });
    const edit = async (name: string, patch: Record<string, unknown>) => {
      const [row] = await admin.list('/api/catalyst/catalyst', { name });
      const response = await request.put(`/api/catalyst/catalyst/${String(row?.id)}`, {
        data: patch,
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(response.status(), await response.text()).toBe(200);
    };
    await edit(`E2E ${run} 001`, { serialNumbers: [`SN-${run}-1`] });
    await edit(`E2E ${run} 100`, { hiddenFromClients: true });
    await quote(request, token, ptId, 30);

    // Both clients on their phones.
    const pricedPage = await browser.newPage({ viewport: phone });
    const plainPage = await browser.newPage({ viewport: phone });
    const priced = new CatalystClientPage(pricedPage);
    const plain = new CatalystClientPage(plainPage);
    await priced.signIn(`priced-${run}`, password);
    await plain.signIn(`plain-${run}`, password);
    await priced.search(`E2E ${run}`);
    await plain.search(`E2E ${run}`);
    // The hidden catalyst reaches neither.
    await priced.expectFound(99);
    await plain.expectFound(99);

    const name = `E2E ${run} 001`;
    await priced.search(`SN-${run}-1`);
    await plain.search(name);
    await expect(priced.row(name)).toBeVisible();
    await expect(plain.row(name)).toBeVisible();
    // Prices and weights only for the group that shows them: not rendered, and not in the answer either.
    await expect(priced.row(name).getByTestId('catalyst-client-price')).toBeVisible();
    await expect(priced.row(name).getByTestId('catalyst-client-weight')).toBeVisible();
    await expect(plain.row(name).getByTestId('catalyst-client-price')).toHaveCount(0);
    await expect(plain.row(name).getByTestId('catalyst-client-weight')).toHaveCount(0);

    // Staff read the price this client gets ("why this price" uses the same call).
    const staffView = async () => {
      const page = await admin.get<{ results: ClientRow[] }>(
        `/api/catalyst/catalyst/as-client/${pricedClient.id}`,
        { search: name },
      );
      const row = page.results.find((r) => r.name === name);
      expect(row && 'price' in row && typeof row.price === 'number').toBe(true);
      return Number(row?.price);
    };
    const before = await staffView();
    await expect(priced.row(name).getByTestId('catalyst-client-price')).toContainText(money(before));

    // The Pt quote goes up: the client's screen follows without a reload.
    await quote(request, token, ptId, 45);
    const after = await staffView();
    expect(after).toBeGreaterThan(before);
    await expect(priced.row(name).getByTestId('catalyst-client-price')).toContainText(money(after));
    await expect(plain.row(name).getByTestId('catalyst-client-price')).toHaveCount(0);

    // The buyer with the cart puts the catalyst in and sends it; staff see the cart.
    await priced.row(name).getByTestId('catalyst-client-add').click();
    await expect(priced.byTestId('catalyst-client-cart')).toContainText('1');
    await priced.click('catalyst-client-submit');
    await expect
      .poll(async () => {
        const carts = await admin.list('/api/catalyst/clientuser/carts', { clientUserId: pricedClient.id });
        return carts.map((c) => c.status);
      })
      .toEqual(['submitted']);

    await pricedPage.close();
    await plainPage.close();
  });
});
