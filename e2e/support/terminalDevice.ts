import { randomUUID } from 'node:crypto';
import type {
  APIRequestContext,
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Page,
} from '@playwright/test';
import { TerminalPage } from '../pages/TerminalPage';
import { signInThroughApi } from './apiSession';
import { type ApiRow, WarehouseApi } from './warehouseApi';

/** A short id that makes a run's labels and indexes unique (the demo account is shared by every test). */
export const uniqueId = (): string => randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase();

/**
 * Signs `username` in on `page`'s device (a fresh context) and opens the terminal once the first sync has filled
 * the replica. The session is handed over through the API (the sign-in screen is spine.spec's), so the device
 * loads the app once, on the terminal.
 */
export const openTerminal = async (page: Page, username = 'picker'): Promise<TerminalPage> => {
  await signInThroughApi(page.context(), undefined, username);
  const terminal = new TerminalPage(page);
  await terminal.open();
  await terminal.expectSynced();
  return terminal;
};

/** A device of its own: a browser context with its own storage (replica, device id, session). */
export const newDevice = async (
  browser: Browser,
  baseURL: string | undefined,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({ baseURL, ...options });
  return { context, page: await context.newPage() };
};

/**
 * A test's own goods, made by the manager through the API: a bin labelled `bin(id)` and a product of
 * `product(id)`, with the run's unique id (the demo account is shared by every test).
 */
export const testGoods = async (
  request: APIRequestContext,
  make: {
    readonly bin: (id: string) => string;
    readonly product: (id: string) => Record<string, unknown> & { index: string; name: string };
  },
): Promise<{ id: string; manager: WarehouseApi; bin: string; location: ApiRow; product: ApiRow }> => {
  const id = uniqueId();
  const manager = await WarehouseApi.signIn(request, 'manager');
  const bin = make.bin(id);
  const location = await manager.createLocation(bin);
  const product = await manager.createProduct(make.product(id));
  return { id, manager, bin, location, product };
};
