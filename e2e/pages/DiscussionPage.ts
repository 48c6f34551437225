import { expect } from '@playwright/test';
import { BasePage } from '../support/basePage';

/** A discussion open over any screen (`?discussionId=`), and the header's unread counter. */
export class DiscussionPage extends BasePage {
  /** Opens the record's own discussion from its preview; returns the discussion id from the address. */
  async openFromRecord(): Promise<string> {
    await this.click('record-discussion');
    await expect(this.byTestId('discussion-thread')).toBeVisible();
    const id = new URL(this.page.url()).searchParams.get('discussionId');
    expect(id).toBeTruthy();
    return id ?? '';
  }

  async write(text: string): Promise<void> {
    await this.fill('discussion-input', text);
    await this.click('discussion-send');
    await expect(this.byTestId('discussion-input')).toHaveValue('');
  }

  async expectMessage(text: string): Promise<void> {
    await expect(this.byTestId('discussion-message').filter({ hasText: text })).toBeVisible();
  }

  async expectUnread(count: number): Promise<void> {
    await expect(this.byTestId('discussions-unread')).toHaveAttribute('data-count', String(count));
  }
}
