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

  /** How many descriptors the list shows for the person named `name`. */
  descriptorCount(name: string): Locator {
    return this.list().locator('tr', { hasText: name }).getByTestId('faces-descriptor-count');
  }

  /** Enrols `username` from photo files picked on the screen (read on the device, only descriptors sent). */
  async enrolFromPhotos(
    username: string,
    photos: readonly { name: string; mimeType: string; buffer: Buffer }[],
  ): Promise<void> {
    await this.choose('faces-user', username);
    await this.byTestId('faces-photos-input').setInputFiles([...photos]);
  }

  /** Starts the camera and captures: for a device that cannot start the face engine. */
  async captureWithoutEngine(username: string): Promise<void> {
    await this.choose('faces-user', username);
    await this.click('faces-camera');
    await expect(this.byTestId('faces-enrol')).toBeEnabled({ timeout: 30_000 });
    await this.click('faces-enrol');
    await this.expectVisible('faces-engine-unavailable', 120_000);
    // The camera is switched off: it serves nothing without the engine.
    await expect(this.byTestId('camera-indicator')).toHaveCount(0);
  }
}
