import { describe, expect, it } from 'vitest';
import {
  chipLook,
  rejectionTexts,
  relativeTime,
  syncErrorText,
  wayForwardKey,
} from '../../../../src/features/sync/syncTexts';
import { initialStatus } from '../../../../sync/status';

/** A translator that shows the key and its values, so the test sees what would be translated. */
const t = (key: string, options?: Record<string, unknown>) =>
  options && Object.keys(options).length ? `${key}${JSON.stringify(options)}` : key;

describe('sync texts', () => {
  it('translates a rejection: its code, then each rule issue and field', () => {
    expect(
      rejectionTexts(t, {
        status: 409,
        code: 'stockShortfall',
        issues: [{ code: 'quantityExceedsAvailable', positionIndex: 0, params: { available: 1 } }],
        fields: [{ field: 'quantity', rule: 'minValue', params: { min: 0 } }],
      }),
    ).toEqual([
      'errors:stockShortfall',
      'warehouse:issues.quantityExceedsAvailable{"available":1}',
      'quantity: errors:minValue{"min":0}',
    ]);
    expect(rejectionTexts(t, { status: 400, code: 'somethingNew', message: 'As the server said' })).toEqual([
      'As the server said',
    ]);
  });

  it('offers the way forward that fits the refusal', () => {
    expect(wayForwardKey({ status: 409, code: 'stockShortfall' })).toBe('stockTaken');
    expect(
      wayForwardKey({ status: 422, code: 'documentInvalid', issues: [{ code: 'quantityExceedsAvailable' }] }),
    ).toBe('stockTaken');
    expect(wayForwardKey({ status: 404, code: 'notFoundOrNoPermission' })).toBe('gone');
    expect(wayForwardKey({ status: 409, code: 'statusForbidsChange' })).toBe('changedOnServer');
    expect(wayForwardKey({ status: 403, code: 'forbidden' })).toBe('forbidden');
    expect(
      wayForwardKey({ status: 422, code: 'documentInvalid', issues: [{ code: 'expiryDateRequired' }] }),
    ).toBe('fixLine');
  });

  it('describes sync errors and ages', () => {
    expect(syncErrorText(t, { kind: 'push', status: 0, code: 'network', at: 0 })).toBe('sync:errors.network');
    expect(syncErrorText(t, { kind: 'pull', status: 503, code: 'somethingWentWrong', at: 0 })).toBe(
      'sync:errors.server',
    );
    expect(syncErrorText(t, { kind: 'pull', status: 403, code: 'forbidden', at: 0 })).toBe(
      'errors:forbidden',
    );
    expect(syncErrorText(t, { kind: 'auth', status: 401, code: 'sessionExpired', at: 0 })).toBe(
      'sync:details.signInRequired',
    );
    expect(relativeTime(5 * 60_000, 'en-us')).toBe('5 minutes ago');
    expect(relativeTime(3 * 3_600_000, 'pl-pl')).toBe('3 godziny temu');
  });

  it('colours the chip by the most pressing state', () => {
    expect(chipLook(initialStatus)).toEqual({ color: 'teal', label: 'chip.online' });
    expect(chipLook({ ...initialStatus, online: false })).toEqual({ color: 'orange', label: 'chip.offline' });
    expect(chipLook({ ...initialStatus, online: false, rejected: 1 }).label).toBe('chip.rejected');
    expect(chipLook({ ...initialStatus, signInRequired: true, rejected: 1 }).label).toBe('chip.signIn');
    expect(chipLook({ ...initialStatus, pulling: true }).label).toBe('chip.syncing');
    expect(chipLook({ ...initialStatus, stale: true }).label).toBe('chip.stale');
  });
});
