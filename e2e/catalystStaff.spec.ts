import type { APIRequestContext } from '@playwright/test';
import { CatalystStaffPage } from './pages/CatalystStaffPage';
import { ShellPage } from './pages/ShellPage';
import { expect, test } from './support/fixtures';
import { WarehouseApi } from './support/warehouseApi';

// A 1×1 PNG: the new catalyst's photo.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('catalyst staff screens', () => {
  test('the general catalogue as photos or a list, why a price is what it is, the stock market, usage, and a catalyst added and edited', async ({
    page,
    request,
    signIn,
  }) => {
    // A long flow (catalogue, why, market, usage, a catalyst added and edited) on a machine that may be busy.
    test.setTimeout(420_000);
    const admin = await WarehouseApi.signIn(request, 'admin');

    // A new client of the demo's full-view group uses the app today: it signs in on a phone and reads the catalogue.
    const run = Date.now().toString(36);
    const username = `stats-${run}`;
    const [fullView] = await admin.list('/api/catalyst/userGroup', { name: 'Full view' });
    await admin.post('/api/catalyst/clientuser', {
      username,
      password: 'client-pass-1',
      name: `Stats ${run}`,
      userGroupId: fullView?.id,
    });
    const device = { 'X-Device-Id': `e2e-staff-${run}` };
    const auth = await request.post('/api/catalyst/client/auth', {
      data: { username, password: 'client-pass-1' },
      headers: device,
    });
    expect(auth.status(), await auth.text()).toBe(200);
    const clientToken = ((await auth.json()) as { token: string }).token;
    const read = await request.get('/api/catalyst/catalyst/as-client', {
      headers: { ...device, Authorization: `Bearer ${clientToken}` },
    });
    expect(read.status()).toBe(200);
    // Signing out frees the device; what it did stays counted.
    const out = await request.delete('/api/catalyst/client/auth', {
      headers: { ...device, Authorization: `Bearer ${clientToken}` },
    });
    expect(out.status()).toBe(204);
    // A second Pt quote, so its history has a line to draw.
    const [pt] = await admin.list('/api/catalyst/companystockraterule', { shortName: 'Pt' });
    const quoted = await request.post(`/api/catalyst/companystockraterule/${String(pt?.id)}/quote`, {
      data: { price: 31.25 },
      headers: { Authorization: `Bearer ${await tokenOf(request)}` },
    });
    expect(quoted.status(), await quoted.text()).toBe(200);

    await signIn();
    // The first load of the app on a busy machine may take a while.
    await new ShellPage(page).expectVisible('user-menu', 60_000);
    const staff = new CatalystStaffPage(page);
    await staff.openCatalogue();
    await staff.showPhotos();
    // Search by name or serial number, typed in any case.
    await staff.search('bosal 1035');
    await expect(staff.cards()).toHaveCount(1);
    await expect(staff.card('Bosal 1035')).toBeVisible();
    await staff.search('kt-005');
    await expect(staff.card('Bosal 1035')).toBeVisible();
    await staff.search('');
    // The producer filter: the demo's twelve Walker catalysts (hidden ones included, staff see them all).
    await staff.choose('catalyst-grid-producer', 'Walker');
    await staff.expectCount(12);
    await expect(staff.cards()).toHaveCount(12);
    for (const name of await staff
      .cards()
      .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label'))))
      expect(name).toMatch(/^Walker /);

    // Why this price: the breakdown for that client, its metals and the price they add up to.
    await staff.card('Walker 1007').click();
    await staff.whyForClient(username);
    await expect(staff.byTestId('catalyst-why-line-metal').first()).toBeVisible();
    await expect(staff.byTestId('catalyst-why-price')).toHaveText(/\d/);
    await page.keyboard.press('Escape');

    // The same catalogue as the generic list, and back.
    await staff.openCatalogue();
    await staff.showList();
    await staff.showPhotos();

    // The stock market: the metals with their company rates and phases, and each one's history.
    await staff.openMarket();
    await expect(staff.metalRow('Pt')).toBeVisible();
    await expect(staff.metalRow('Pt').getByTestId('catalyst-market-effective')).toHaveText(/\d/);
    // Two lines (market quote and company rate) through the history's points.
    await expect(staff.chart('Pt').locator('.recharts-line-curve')).toHaveCount(2, { timeout: 30_000 });

    // Usage of client accounts over 7 days: today's sign-in and catalogue read are counted.
    await staff.openStatistics();
    await expect(staff.statisticsOf(username).getByTestId('catalyst-statistics-calls')).toHaveText(
      /^[1-9]\d*$/,
    );

    // Staff add a catalyst: its fields, grams of each metal per kg and a photo. Without a name the form refuses.
    const name = `E2E catalyst ${run}`;
    await staff.openCatalogue();
    await staff.click('catalyst-add');
    await staff.expectVisible('catalyst-form', 60_000);
    await staff.byTestId('field-serialNumbers').fill(`E2E-${run}`);
    await staff.byTestId('field-serialNumbers').press('Enter');
    await staff.fill('field-weight', '2');
    await staff.metal('Pt').fill('5');
    await staff
      .byTestId('catalyst-form-photo-input')
      .setInputFiles({ name: 'catalyst.png', mimeType: 'image/png', buffer: png });
    await staff.click('resource-save');
    await expect(staff.byTestId('resource-form-error')).toBeVisible();
    await expect(staff.byTestId('field-name')).toHaveAttribute('aria-invalid', 'true');
    await staff.fill('field-name', name);
    await staff.click('resource-save');
    // Saved, the app shows its preview, where "why this price" prices it from the Pt quote.
    await expect(page).toHaveURL(/\/catalyst-general-catalog\/[0-9a-f-]{36}$/);
    const before = await staff.priceForClient(username);

    // Editing it: the form shows what was saved; twice the platinum makes a new price.
    await staff.click('catalyst-edit');
    await expect(staff.metal('Pt')).toHaveValue('5');
    await expect(staff.byTestId('field-name')).toHaveValue(name);
    await staff.metal('Pt').fill('10');
    await staff.click('resource-save');
    await expect(page).toHaveURL(/\/catalyst-general-catalog\/[0-9a-f-]{36}$/);
    const after = await staff.priceForClient(username);
    expect(after).not.toBe(before);

    // In the catalogue it is found by its serial number, with its photo.
    await staff.openCatalogue();
    await staff.showPhotos();
    await staff.search(`e2e-${run}`);
    await expect(staff.cards()).toHaveCount(1);
    await expect(staff.card(name).getByTestId('catalyst-card-photo')).toBeVisible();
  });
});

const tokenOf = async (request: APIRequestContext): Promise<string> => {
  const response = await request.post('/api/Auth', { data: { username: 'admin', password: 'demo1234' } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
};
