import { LogisticsConfigPage } from './pages/LogisticsConfigPage';
import { ShellPage } from './pages/ShellPage';
import { openSignedIn } from './support/apiSession';
import { expect, test } from './support/fixtures';
import { newDevice, openTerminal, testGoods } from './support/terminalDevice';

// Service workers are blocked by default (playwright.config.ts); this spec needs the app to work offline.
test.use({ serviceWorkers: 'allow' });

/** The default of the logistics configuration, put back after the test (the account is shared). */
const defaultMinutes = 30;

test.describe('data older than the company allows', () => {
  test('a manager sets the age limit; past it, an offline picker’s chip, lines and finish warn', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(180_000);
    const { manager, bin, product } = await testGoods(request, {
      bin: (id) => `S${id}-A`,
      product: (id) => ({ index: `E2E-STALE-${id}`, name: `Stale ${id}` }),
    });
    const picker = await newDevice(browser, baseURL);
    try {
      await test.step('the manager: terminals warn after 5 minutes without a sync', async () => {
        // The sign-in screen is spine.spec's: the manager's session is handed over through the API.
        await openSignedIn(page, 'manager');
        await new ShellPage(page).expectSignedIn();
        const config = new LogisticsConfigPage(page);
        await config.setTerminalStaleAfter(5);
        await config.open();
        await expect(config.byTestId('logistics-terminal-staleAfterMinutes')).toHaveValue('5');
      });

      // The picker's device runs on a clock the test moves: five minutes pass in an instant.
      await picker.context.clock.install();
      const terminal = await openTerminal(picker.page);
      await picker.context.setOffline(true);
      await terminal.expectOffline();

      await test.step('four minutes offline: no warning yet', async () => {
        await picker.page.clock.fastForward('04:00');
        await terminal.chooseFlow('receipt');
        await terminal.startDirectDocument();
        await terminal.recordLine(bin, String(product.index), 1);
        await expect(terminal.byTestId('terminal-feedback')).toBeVisible();
        await expect(terminal.byTestId('sync-stale-warning')).toHaveCount(0);
        await expect(terminal.chip()).toHaveAttribute('data-state', 'chip.offline');
      });

      await test.step('six minutes: the chip, the next line and the finish dialog say the data is old', async () => {
        await picker.page.clock.fastForward('02:00');
        // Offline comes first on the badge; its details say how old the data is.
        await expect(terminal.chip()).toHaveAttribute('data-state', 'chip.offline');
        await terminal.click('sync-chip');
        await expect(terminal.byTestId('sync-details').getByTestId('sync-stale-warning')).toContainText(
          '6 minutes ago',
        );
        await terminal.click('sync-chip');
        await expect(terminal.byTestId('sync-details')).toBeHidden();
        // The bin stays chosen for the next line: the product and its quantity.
        await terminal.expectStep('product');
        await terminal.scan(String(product.index));
        await terminal.setQuantity(2);
        await terminal.confirmLine();
        const feedback = terminal.byTestId('terminal-feedback');
        await expect(feedback.getByTestId('sync-stale-warning')).toBeVisible();
        await expect(feedback.getByTestId('sync-stale-warning')).toContainText('6 minutes ago');
        await terminal.click('terminal-finish');
        await expect(
          terminal.byTestId('terminal-finish-dialog').getByTestId('sync-stale-warning'),
        ).toBeVisible();
        await terminal.click('terminal-finish-cancel');
      });

      await test.step('back online, the device syncs and the warning is gone', async () => {
        await picker.context.setOffline(false);
        await picker.page.clock.fastForward('00:30');
        await terminal.expectNothingWaiting(60_000);
        await expect(terminal.chip()).toHaveAttribute('data-state', 'chip.online');
        await expect(terminal.byTestId('sync-stale-warning')).toHaveCount(0);
      });
    } finally {
      await picker.context.close();
      await manager.changeLogisticsConfig({ terminal: { staleAfterMinutes: defaultMinutes } });
    }
  });
});
