import { expect, type Locator } from '@playwright/test';
import { BasePage } from '../support/basePage';

/** /face-database: enrolment of a user from the camera and the list of who is enrolled. Test ids only. */
export class FaceDatabasePage extends BasePage {
  async open(): Promise<void> {
    await this.goto('/face-database');
    await this.expectVisible('faces-what-is-stored', 60_000);
  }

  list(): Locator {
    return this.byTestId('faces-list');
  }

  /**
   * Enrols the user `username` from the camera: picks them, starts the camera, captures. The device loads
   * TensorFlow and the models at the first capture, which takes a while on a busy machine.
   */
  async enrolFromCamera(username: string, expectedName: string): Promise<void> {
    await this.choose('faces-user', username);
    await this.click('faces-camera');
    await expect(this.byTestId('camera-indicator')).toBeVisible({ timeout: 30_000 });
    await expect(this.byTestId('faces-enrol')).toBeEnabled();
    await this.click('faces-enrol');
    await expect(this.list()).toContainText(expectedName, { timeout: 300_000 });
    // The camera stops once the person is enrolled.
    await expect(this.byTestId('camera-indicator')).toHaveCount(0);
  }
}
