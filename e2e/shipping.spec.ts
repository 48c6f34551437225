import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { DiscussionPage } from './pages/DiscussionPage';
import { ShellPage } from './pages/ShellPage';
import { ShippingPage } from './pages/ShippingPage';
import { openSignedIn } from './support/apiSession';
import { expect, test } from './support/fixtures';
import { type ApiRow, WarehouseApi } from './support/warehouseApi';

const password = 'Carrier-pass-1';

/** The sign-in screen is spine.spec's: each user's session is handed to their browser through the API. */
const signInAs = async (page: Page, username: string, secret: string) => {
  await openSignedIn(page, username, '/', secret);
  await new ShellPage(page).expectSignedIn();
};

test.describe('shipping', () => {
  test('a manager publishes a ticket from a release order, carriers offer, one writes to the manager who answers, the manager confirms one; the pickup moves on the calendar', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const id = randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase();
    const admin = await WarehouseApi.signIn(request, 'admin');
    // Two carriers of the account, each with a user of its own.
    const carriers: { name: string; username: string; id: string }[] = [];
    for (const name of [`SWIFT-${id}`, `ROADS-${id}`]) {
      const company = await admin.post('/api/Company', { shortName: name, roles: ['carrier'] });
      const username = `${name.toLowerCase()}-user`;
      await admin.post('/api/User', {
        username,
        email: `${username}@carrier.example`,
        password,
        carrierId: company.id,
        transportEnabled: true,
      });
      carriers.push({ name, username, id: company.id });
    }
    const [swift, roads] = carriers;
    if (!swift || !roads) throw new Error('carriers');
    // A release order whose product has a weight and a pallet size, planned for the 14th of a future month.
    const product = await admin.post('/api/Product', {
      index: `SHIP-${id}`,
      name: `Crate-${id}`,
      weight: 25,
      paletteQuantity: 20,
    });
    const month = '2031-05';
    const order = await admin.post('/api/WmsOrder', {
      typeCode: 'OOU',
      plannedDate: `${month}-14T10:00:00.000Z`,
      positions: [{ productId: product.id, quantity: 50 }],
    });
    const orderNumber = String(order.orderNumber);

    // The manager makes the ticket from the order (load proposed: 1250 kg, 3 pallets) and publishes it.
    const shipping = new ShippingPage(page);
    await signInAs(page, 'manager', 'demo1234');
    await shipping.ticketFromOrder(orderNumber);
    await expect(shipping.byTestId('ticket-loadWeight')).toHaveValue('1250');
    await expect(shipping.byTestId('ticket-palletCount')).toHaveValue('3');
    await shipping.fill('ticket-pickupCountry', 'PL');
    await shipping.fill('ticket-destinationCountry', 'DE');
    const number = await shipping.saveAndPublish();
    expect(number).toMatch(/^SHP\//);
    const ticketId = page.url().split('/').at(-1) ?? '';

    // A carrier finds it and offers; the other carrier offers through the API.
    const swiftContext = await browser.newContext();
    const swiftPage = await swiftContext.newPage();
    await signInAs(swiftPage, swift.username, password);
    await new ShippingPage(swiftPage).offer(number, '1490', 'Euro 6, tail lift');
    const roadsApi = await WarehouseApi.signIn(request, roads.username, password);
    const roadsOffer = await roadsApi.post(`/api/Transport/Tickets/${ticketId}/Offers`, {
      price: 1550,
      currency: 'EUR',
    });

    // The manager sees both offers (live).
    await expect(shipping.byTestId('ticket-offer')).toHaveCount(2);

    // The carrier writes to the warehouse on its ticket screen (its offer opened the thread); the manager sees
    // the unread message on the carrier's line, opens the thread and answers; the carrier sees the answer live.
    const swiftTalk = new DiscussionPage(swiftPage);
    await expect(swiftPage.getByTestId('warehouse-thread').getByTestId('discussion-thread')).toBeVisible();
    await swiftTalk.write(`Can you load at 7:00? ${id}`);
    const swiftLine = shipping.carrierThread(swift.name);
    await expect(swiftLine.getByTestId('carrier-thread-unread')).toBeVisible();
    await expect(shipping.carrierThread(roads.name)).toBeVisible();
    await swiftLine.getByTestId('carrier-thread-open').click();
    const managerTalk = new DiscussionPage(page);
    await managerTalk.expectMessage(`Can you load at 7:00? ${id}`);
    await managerTalk.write(`Yes, gate 3 opens at 6:30 ${id}`);
    await swiftTalk.expectMessage(`Yes, gate 3 opens at 6:30 ${id}`);
    await page.keyboard.press('Escape');
    await expect(shipping.byTestId('discussion-thread')).toHaveCount(0);
    await expect(swiftLine.getByTestId('carrier-thread-unread')).toHaveCount(0);

    // The manager confirms the first carrier's offer.
    await shipping.offerRow(swift.name).getByTestId('offer-confirm').click();
    await expect(shipping.byTestId('ticket-page')).toHaveAttribute('data-status', 'assigned');
    await expect(shipping.offerRow(swift.name)).toHaveAttribute('data-status', 'confirmed');
    await expect(shipping.offerRow(roads.name)).toHaveAttribute('data-status', 'archived');

    // The other carrier sees its offer archived (another was confirmed).
    const roadsContext = await browser.newContext();
    const roadsPage = await roadsContext.newPage();
    await signInAs(roadsPage, roads.username, password);
    const roadsShipping = new ShippingPage(roadsPage);
    await roadsShipping.goto('/transport/offers');
    await expect(roadsShipping.myOffer(number)).toHaveAttribute('data-status', 'archived');
    await expect(roadsShipping.myOffer(number).getByTestId('my-offer-reason')).toBeVisible();
    expect((await roadsApi.get<{ results: ApiRow[] }>('/api/Transport/Offers')).results).toEqual([
      expect.objectContaining({
        id: roadsOffer.id,
        statusCode: 'archived',
        archivedReason: 'otherConfirmed',
      }),
    ]);

    // The pickup shows in the month view and is dragged to the 20th (same time of day).
    await shipping.goto(`/calendar?month=${month}`);
    const pickup = shipping.calendarItem(`shipmentPickup:${ticketId}`);
    await expect(pickup).toBeVisible();
    await expect(pickup).toHaveAttribute('data-color', 'blue');
    await pickup.dragTo(shipping.calendarDay(`${month}-20`));
    await expect(
      shipping.calendarDay(`${month}-20`).locator(`[data-id="shipmentPickup:${ticketId}"]`),
    ).toBeVisible();
    const moved = await admin.get<ApiRow>(`/api/ShipmentTicket/${ticketId}`);
    expect(String(moved.pickupTime).slice(0, 10)).toBe(`${month}-20`);
    await swiftContext.close();
    await roadsContext.close();
  });
});
