import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BareChromium } from '../../../bench/support/bareChromium';
import { chromiumFlags, chromiumPath } from '../../../bench/support/benchApp';

// The bench's offline starts drive Chromium through this pipe client: it must open a page, see its events and
// evaluate in it without enabling DevTools' Runtime domain.
describe('BareChromium', () => {
  const profiles: string[] = [];
  const browsers: BareChromium[] = [];
  const launch = () => {
    const profile = mkdtempSync(join(tmpdir(), 'aisle-test-bare-'));
    profiles.push(profile);
    const browser = new BareChromium(chromiumPath(), chromiumFlags, profile);
    browsers.push(browser);
    return browser;
  };
  afterEach(async () => {
    for (const browser of browsers.splice(0)) await browser.close();
    for (const profile of profiles.splice(0)) rmSync(profile, { recursive: true, force: true });
  });

  it('opens a page, waits for its load event and evaluates in it', async () => {
    const page = await launch().newPage();
    await page.send('Page.enable');
    const loaded = page.next('Page.loadEventFired');
    await page.send('Page.navigate', {
      url: `data:text/html,${encodeURIComponent('<script>window.answer = 6 * 7</script>')}`,
    });
    await loaded;
    const { result } = await page.send<{ result: { value: number } }>('Runtime.evaluate', {
      expression: 'new Promise((resolve) => setTimeout(() => resolve(window.answer), 0))',
      awaitPromise: true,
      returnByValue: true,
    });
    expect(result.value).toBe(42);
    await page.close();
  });

  it('rejects a command the browser refuses, and closes', async () => {
    const browser = launch();
    const page = await browser.newPage();
    await expect(page.send('Page.noSuchCommand')).rejects.toThrow(/wasn't found|not found/i);
    await browser.close();
    await expect(browser.send('Browser.getVersion')).rejects.toThrow();
  });
});
