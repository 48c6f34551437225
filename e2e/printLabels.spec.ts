import { readFile } from 'node:fs/promises';
import { expect, test } from './support/fixtures';

test.describe('print layouts', () => {
  test("a location's label prints to a PDF with the default layout, holding the location's code", async ({
    page,
    request,
    signIn,
    baseURL,
  }) => {
    // The first demo location, found through the API (the subject here is printing, not the list screen).
    const auth = await request.post(`${baseURL ?? ''}/api/Auth`, {
      data: { username: 'admin', password: 'demo1234' },
    });
    const token = String(((await auth.json()) as { token: string }).token);
    const list = await request.get(`${baseURL ?? ''}/api/StorageSpace?PageSize=1&sortColumn=label`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const [location] = ((await list.json()) as { results: { id: string; label: string }[] }).results;
    if (!location) throw new Error('the demo data has no location');

    await signIn();
    await page.goto(`/storage-spaces/${location.id}`, { waitUntil: 'domcontentloaded' });
    await page.getByTestId('print-open').click();
    const dialog = page.getByTestId('print-dialog');
    await expect(dialog.getByTestId('print-layout')).toHaveValue(/Location label/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByTestId('print-submit').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Location label ${location.label}.pdf`);
    const path = await download.path();
    const pdf = await readFile(path);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The PDF's information names the layout and the location's code (the page text itself is in compressed streams).
    expect(pdf.toString('latin1')).toContain(`(Location label: ${location.label})`);
  });
});
