import { ShellPage } from './pages/ShellPage';
import { expect, test } from './support/fixtures';
import { overflowingTexts } from './support/overflow';

test.describe('the company account', () => {
  test('a super user sees the last seven days of usage and the month against the limit, also on a phone', async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn();
    await new ShellPage(page).openMenuItem('clientAccount');
    const usage = page.getByTestId('clientAccount-usage');
    const days = usage.getByTestId('clientAccount-usage-days').locator('tbody tr');
    await expect(days).toHaveCount(7);
    // The demo company was seeded today: today's row (the last) has its documents, and the month counts them.
    const todayDocuments = Number(await days.last().locator('[data-field="documents"]').innerText());
    expect(todayDocuments).toBeGreaterThan(0);
    const month = usage.getByTestId('clientAccount-usage-month');
    await expect(month).toHaveText(/^Documents this month: \d+ of 1000$/);
    const monthDocuments = Number((await month.innerText()).match(/: (\d+) of/)?.[1]);
    expect(monthDocuments).toBeGreaterThanOrEqual(todayDocuments);
    await expect(usage.getByTestId('clientAccount-usage-over')).toContainText('Past the limit: 0 ×');
    // The demo's budget of 25 EUR at 0.05 EUR a document allows 500 more past the limit of 1000.
    await expect(usage.getByTestId('clientAccount-usage-left')).toHaveText(
      `Budget left: 25.00 EUR; documents still allowed this month: ${1500 - monthDocuments}`,
    );
    await expect(
      usage.getByTestId('clientAccount-usage-documents-chart').locator('svg').first(),
    ).toBeVisible();
    await expect(usage.getByTestId('clientAccount-usage-people-chart').locator('svg').first()).toBeVisible();

    await page.setViewportSize({ width: 360, height: 800 });
    await expect(days).toHaveCount(7);
    // No text of the panel is cut or runs past the screen (its day table scrolls sideways on purpose).
    const panelTexts = new Set((await usage.innerText()).split('\n').map((line) => line.trim()));
    const cut = (await overflowingTexts(page)).filter((o) => panelTexts.has(o.text));
    expect(cut).toEqual([]);
  });
});
