import { expect, type Locator } from '@playwright/test';
import { BasePage } from '../support/basePage';

/**
 * The location planner (/storage-spaces/:id/map). Test ids: `location-map`, `map-missing`, `map-settings`,
 * `map-file`, `map-save`, `map-error`, `map-drawing`, `map-surface`, `map-place` (data-id, data-fill,
 * data-highlighted), `map-unplaced-item` / `map-unplaced-handle`, `map-details`, `map-details-inventory`,
 * `map-highlight-note`; on a location's screen `location-open-map`.
 */
export class LocationMapPage extends BasePage {
  async open(locationId: string, highlight?: string): Promise<void> {
    await this.goto(`/storage-spaces/${locationId}/map${highlight ? `?highlight=${highlight}` : ''}`);
    await expect(this.byTestId('location-map')).toBeVisible();
  }

  /** Chooses a drawing in the settings form and saves it (with the form's bounds). */
  async upload(fileName: string, content: string): Promise<void> {
    await this.byTestId('map-settings')
      .locator('input[type="file"]')
      .setInputFiles({ name: fileName, mimeType: 'image/svg+xml', buffer: Buffer.from(content) });
    await this.click('map-save');
  }

  /** A placed location's marker on the map. */
  marker(locationId: string): Locator {
    return this.page.locator(`[data-testid="map-place"][data-id="${locationId}"]`);
  }

  /** Drags a location not yet on the map onto it, at fractions of the drawing (0..1 from left and top). */
  async dragOntoMap(locationId: string, left: number, top: number): Promise<void> {
    const handle = this.page
      .locator(`[data-testid="map-unplaced-item"][data-id="${locationId}"]`)
      .getByTestId('map-unplaced-handle');
    const surface = this.byTestId('map-surface');
    await surface.scrollIntoViewIfNeeded();
    const box = await surface.boundingBox();
    if (!box) throw new Error('the map is not shown');
    await handle.dragTo(surface, { targetPosition: { x: box.width * left, y: box.height * top } });
  }
}
