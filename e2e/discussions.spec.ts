import { randomUUID } from 'node:crypto';
import { DiscussionPage } from './pages/DiscussionPage';
import { ResourcePage } from './pages/ResourcePage';
import { ShellPage } from './pages/ShellPage';
import { openSignedIn } from './support/apiSession';
import { BasePage } from './support/basePage';
import { expect, test } from './support/fixtures';
import { WarehouseApi } from './support/warehouseApi';

test.describe('discussions', () => {
  test("two browsers in one discussion see each other's messages live", async ({
    browser,
    baseURL,
    request,
  }) => {
    const api = await WarehouseApi.signIn(request, 'admin');
    // Two fresh browsers would each install the app's service worker and precache the whole app (some 170 files)
    // while the test works: unrelated to a live discussion, and minutes of CPU on a busy machine.
    const managerContext = await browser.newContext({ baseURL, serviceWorkers: 'block' });
    const adminContext = await browser.newContext({ baseURL, serviceWorkers: 'block' });
    try {
      const manager = await managerContext.newPage();
      const admin = await adminContext.newPage();
      const id = randomUUID().slice(0, 6);

      // The sign-in screen is spine.spec's: each session is handed to its browser through the API.
      await openSignedIn(manager, 'manager');
      await new ShellPage(manager).expectSignedIn();
      await openSignedIn(admin, 'admin');
      await new ShellPage(admin).expectSignedIn();

      const companyId = await new ResourcePage(manager).create('companies', { shortName: `Talk ${id}` });
      const managerThread = new DiscussionPage(manager);
      const discussionId = await managerThread.openFromRecord();

      // The admin opens the same thread by its address: the company's preview with ?discussionId=.
      await new BasePage(admin).goto(`/companies/${companyId}?discussionId=${discussionId}`);
      const adminThread = new DiscussionPage(admin);
      await expect(admin.getByTestId('discussion-thread')).toBeVisible();

      await managerThread.write(`Truck at dock 2 (${id})`);
      await adminThread.expectMessage(`Truck at dock 2 (${id})`);
      await adminThread.write(`Unloading now (${id})`);
      await managerThread.expectMessage(`Unloading now (${id})`);
      // Both were looking: nothing stays unread.
      await managerThread.expectUnread(0);

      // The admin closes the thread; the manager writes again: the admin's header counts it, live.
      await admin.keyboard.press('Escape');
      await expect(admin.getByTestId('discussion-thread')).toHaveCount(0);
      // The admin may have unread messages in other threads (the demo's receipt discussion): they stay as they are.
      const unread = await api.get<{ results: { discussionId: string; unread: number }[] }>(
        '/api/Discussion/unread',
      );
      const elsewhere = unread.results
        .filter((d) => d.discussionId !== discussionId)
        .reduce((sum, d) => sum + d.unread, 0);
      await managerThread.write(`Done (${id})`);
      await adminThread.expectUnread(elsewhere + 1);
    } finally {
      await managerContext.close();
      await adminContext.close();
    }
  });
});
