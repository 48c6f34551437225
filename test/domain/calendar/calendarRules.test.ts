import { describe, expect, it } from 'vitest';
import { calendarQuerySchema, subTypeName } from '../../../domain/calendar/calendarItems';
import { eventColorOf } from '../../../domain/calendar/eventColor';
import { compareEvents, finishOf, moveKeepingDuration, overlaps } from '../../../domain/calendar/eventTimes';

describe('event colours by resourceSubType', () => {
  it('112 light green, 122 red, 132 orange, 141–149 blue, anything else purple', () => {
    expect(eventColorOf(112)).toBe('lightGreen');
    expect(eventColorOf(122)).toBe('red');
    expect(eventColorOf(132)).toBe('orange');
    for (let code = 141; code <= 149; code++) expect(eventColorOf(code)).toBe('blue');
    for (const other of [0, 111, 113, 121, 123, 131, 133, 140, 150, 900, -141, 141.5, null, undefined])
      expect(eventColorOf(other)).toBe('purple');
  });
  it('names our sub-types', () => {
    expect(subTypeName(141)).toBe('shipmentPickup');
    expect(subTypeName(777)).toBeUndefined();
  });
});

describe('event times', () => {
  it('an event without a positive duration lasts 15 seconds', () => {
    const start = '2031-01-01T10:00:00.000Z';
    expect(finishOf(start, null).toISOString()).toBe('2031-01-01T10:00:15.000Z');
    expect(finishOf(start, start).toISOString()).toBe('2031-01-01T10:00:15.000Z');
    expect(finishOf(start, '2031-01-01T09:00:00.000Z').toISOString()).toBe('2031-01-01T10:00:15.000Z');
    expect(finishOf(start, '2031-01-01T10:00:01.000Z').toISOString()).toBe('2031-01-01T10:00:01.000Z');
    expect(() => finishOf('nope', null)).toThrow(RangeError);
  });
  it('a move keeps the duration (at least 15 s)', () => {
    expect(
      moveKeepingDuration('2031-01-01T10:00:00Z', '2031-01-01T12:00:00Z', '2031-01-05T08:00:00Z'),
    ).toEqual({
      startDate: new Date('2031-01-05T08:00:00Z'),
      finishDate: new Date('2031-01-05T10:00:00Z'),
    });
    expect(moveKeepingDuration('2031-01-01T10:00:00Z', null, '2031-01-05T08:00:00Z').finishDate).toEqual(
      new Date('2031-01-05T08:00:15Z'),
    );
  });
  it('overlap and order', () => {
    const d = (s: string) => new Date(s);
    expect(
      overlaps(
        d('2031-01-01T23:59:50Z'),
        d('2031-01-02T00:00:05Z'),
        d('2031-01-02T00:00:00Z'),
        d('2031-01-03T00:00:00Z'),
      ),
    ).toBe(true);
    expect(
      overlaps(
        d('2031-01-01T10:00:00Z'),
        d('2031-01-02T00:00:00Z'),
        d('2031-01-02T00:00:00Z'),
        d('2031-01-03T00:00:00Z'),
      ),
    ).toBe(false);
    const items = [
      { id: 'b', title: 'B', startDate: '2031-01-01T10:00:00Z', finishDate: '2031-01-01T11:00:00Z' },
      { id: 'a', title: 'A', startDate: '2031-01-01T10:00:00Z', finishDate: '2031-01-01T11:00:00Z' },
      { id: 'c', title: 'C', startDate: '2031-01-01T09:00:00Z', finishDate: '2031-01-01T12:00:00Z' },
    ];
    expect([...items].sort(compareEvents).map((i) => i.id)).toEqual(['c', 'a', 'b']);
  });
});

describe('GET Calendar query', () => {
  it('needs a range, at most 400 days, and typed filters', () => {
    expect(
      calendarQuerySchema.safeParse({ from: '2031-01-01', to: '2031-02-01', resourceSubTypes: '112,141' })
        .data,
    ).toMatchObject({ resourceSubTypes: [112, 141] });
    expect(calendarQuerySchema.safeParse({ from: '2031-02-01', to: '2031-01-01' }).success).toBe(false);
    expect(calendarQuerySchema.safeParse({ from: '2031-01-01', to: '2033-01-01' }).success).toBe(false);
    expect(
      calendarQuerySchema.safeParse({ from: '2031-01-01', to: '2031-02-01', sources: 'nope' }).success,
    ).toBe(false);
  });
});
