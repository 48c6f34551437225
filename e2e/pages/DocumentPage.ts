import { expect, type Page } from '@playwright/test';
import { PositionsEditor } from './PositionsEditor';

/**
 * The document editor (/documents/new?type=…, /documents/:id/edit) and preview (/documents/:id).
 * Test ids beyond PositionsEditor's: `doc-save-draft`, `doc-save-confirmed`, `doc-form-error` / `doc-issue`
 * (data-code); preview `doc-preview` (data-status, data-id), `doc-number`, `doc-status`, `doc-position-row`,
 * `doc-edit`, `doc-confirm`, `doc-revert` → `doc-revert-confirm`.
 */
export class DocumentPage extends PositionsEditor {
  constructor(page: Page) {
    super(page, 'doc', '/documents/new');
  }

  /** Saves as a confirmed document and waits for its preview; returns the document number. */
  async saveConfirmed(): Promise<string> {
    await this.click('doc-save-confirmed');
    return this.expectPreview('confirmed');
  }

  /** Saves as a working copy and waits for its preview; returns the document number. */
  async saveDraft(): Promise<string> {
    await this.click('doc-save-draft');
    return this.expectPreview('workingCopy');
  }

  async expectPreview(status: string): Promise<string> {
    await expect(this.byTestId('doc-preview')).toHaveAttribute('data-status', status);
    return this.number();
  }

  /** On the preview: reverts the document after the question. */
  async revert(): Promise<void> {
    await this.click('doc-revert');
    await this.click('doc-revert-confirm');
    await expect(this.byTestId('doc-preview')).toHaveAttribute('data-status', 'reverted');
  }
}
