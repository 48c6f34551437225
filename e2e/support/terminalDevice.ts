import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { ShellPage } from '../pages/ShellPage';
import { SignInPage } from '../pages/SignInPage';
import { TerminalPage } from '../pages/TerminalPage';

/** A short id that makes a run's labels and indexes unique (the demo account is shared by every test). */
export const uniqueId = (): string => randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase();

/** Signs `username` in on `page` and opens the terminal once the first sync has filled the replica. */
export const openTerminal = async (page: Page, username = 'picker'): Promise<TerminalPage> => {
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signIn(username, 'demo1234');
  await new ShellPage(page).expectSignedIn();
  const terminal = new TerminalPage(page);
  await terminal.open();
  await terminal.expectSynced();
  return terminal;
};

/** A device of its own: a browser context with its own storage (replica, device id, session). */
export const newDevice = async (
  browser: Browser,
  baseURL: string | undefined,
): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({ baseURL });
  return { context, page: await context.newPage() };
};
