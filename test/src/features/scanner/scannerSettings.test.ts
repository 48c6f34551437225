import { describe, expect, it } from 'vitest';
import { cameraProblemOf } from '../../../../src/features/scanner/cameraErrors';
import { visibleCode } from '../../../../src/features/scanner/scan';
import { sanitizeWedgeSettings } from '../../../../src/features/scanner/scannerSettings';
import { defaultWedgeSettings } from '../../../../src/features/scanner/wedgeDecoder';

describe('sanitizeWedgeSettings', () => {
  it('gives the defaults for nothing stored or garbage', () => {
    expect(sanitizeWedgeSettings(undefined)).toEqual(defaultWedgeSettings);
    expect(sanitizeWedgeSettings('x')).toEqual(defaultWedgeSettings);
    expect(sanitizeWedgeSettings({ maxGapMs: 'fast', suffix: 'Enter', prefix: 7 })).toEqual(
      defaultWedgeSettings,
    );
  });

  it('keeps valid values, clamps numbers and drops unknown suffix keys', () => {
    expect(
      sanitizeWedgeSettings({
        prefix: '#',
        suffix: ['Tab', 'Escape'],
        fnc1Substitute: '~',
        maxGapMs: 1000,
        minLength: 0.4,
      }),
    ).toEqual({ prefix: '#', suffix: ['Tab'], fnc1Substitute: '~', maxGapMs: 200, minLength: 1 });
    expect(sanitizeWedgeSettings({ suffix: [], maxGapMs: 1, minLength: 99 })).toMatchObject({
      suffix: [],
      maxGapMs: 5,
      minLength: 40,
    });
  });

  it('drops a substitute equal to the prefix and over-long strings', () => {
    expect(sanitizeWedgeSettings({ prefix: '~', fnc1Substitute: '~' })).toMatchObject({
      prefix: '~',
      fnc1Substitute: '',
    });
    expect(sanitizeWedgeSettings({ prefix: 'much-too-long' }).prefix).toBe('');
  });
});

describe('cameraProblemOf', () => {
  it('tells a refused permission from a missing camera from other failures', () => {
    expect(cameraProblemOf({ name: 'NotAllowedError' })).toBe('permission');
    expect(cameraProblemOf({ name: 'SecurityError' })).toBe('permission');
    expect(cameraProblemOf({ name: 'NotFoundError' })).toBe('noCamera');
    expect(cameraProblemOf({ name: 'OverconstrainedError' })).toBe('noCamera');
    expect(cameraProblemOf({ name: 'NotReadableError' })).toBe('failed');
    expect(cameraProblemOf(new Error('boom'))).toBe('failed');
    expect(cameraProblemOf(undefined)).toBe('failed');
  });
});

describe('visibleCode', () => {
  it('shows the GS separator as a visible symbol', () => {
    expect(visibleCode('10A\u001d21B')).toBe('10A\u241d21B');
  });
});
