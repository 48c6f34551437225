import { describe, expect, it } from 'vitest';
import { marketPhaseAt, nextSlotAfter, parseUpdateHours } from '../../../domain/catalyst/marketPhase';

const utc = (hhmm: string, day = '2026-03-02') => new Date(`${day}T${hhmm}:00.000Z`);

describe('update hours', () => {
  it('reads hours and hours with minutes, sorted, without repeats', () => {
    expect(parseUpdateHours(['14:00', '9', '09:30', '9:00'])).toEqual([540, 570, 840]);
    expect(parseUpdateHours([])).toEqual([]);
  });
  it('refuses what is not a time of day', () => {
    expect(parseUpdateHours(['24:00'])).toBeUndefined();
    expect(parseUpdateHours(['9:75'])).toBeUndefined();
    expect(parseUpdateHours(['noon'])).toBeUndefined();
  });
});

describe('market phases (updates 09:00, 12:00, 16:00 UTC, notice 30 min)', () => {
  const updates = [540, 720, 960];
  const cases: [string, string][] = [
    ['03:00', 'closing'],
    ['08:29', 'closing'],
    ['08:30', 'beforeOpening'],
    ['08:59', 'beforeOpening'],
    ['09:00', 'opening'],
    ['12:00', 'opening'],
    ['15:29', 'opening'],
    ['15:30', 'beforeClosing'],
    ['15:59', 'beforeClosing'],
    ['16:00', 'closing'],
    ['23:59', 'closing'],
  ];
  for (const [time, phase] of cases)
    it(`is ${phase} at ${time}`, () => expect(marketPhaseAt(updates, utc(time), 30)).toBe(phase));

  it('has no phase without update hours', () => expect(marketPhaseAt([], utc('10:00'), 30)).toBeNull());

  it('with one update hour a day goes from before opening straight to closing', () => {
    expect(marketPhaseAt([600], utc('09:45'), 30)).toBe('beforeOpening');
    expect(marketPhaseAt([600], utc('10:00'), 30)).toBe('closing');
    expect(marketPhaseAt([600], utc('09:00'), 30)).toBe('closing');
  });

  it('wraps the notice before an update just after midnight into the day before', () => {
    expect(marketPhaseAt([10, 600], utc('23:50', '2026-03-01'), 30)).toBe('beforeOpening');
    expect(marketPhaseAt([10, 600], utc('00:10'), 30)).toBe('opening');
  });
});

describe('the next scheduler slot', () => {
  const updates = [540, 720, 960];
  it('is the next update or phase change, strictly after the instant', () => {
    expect(nextSlotAfter(updates, utc('03:00'), 30)).toEqual({ at: utc('08:30'), update: false });
    expect(nextSlotAfter(updates, utc('08:30'), 30)).toEqual({ at: utc('09:00'), update: true });
    expect(nextSlotAfter(updates, utc('09:00'), 30)).toEqual({ at: utc('12:00'), update: true });
    expect(nextSlotAfter(updates, utc('12:00'), 30)).toEqual({ at: utc('15:30'), update: false });
    expect(nextSlotAfter(updates, utc('15:30'), 30)).toEqual({ at: utc('16:00'), update: true });
  });
  it('goes to the next day after the last slot', () => {
    expect(nextSlotAfter(updates, utc('16:00'), 30)).toEqual({
      at: utc('08:30', '2026-03-03'),
      update: false,
    });
  });
  it('is none without update hours', () => expect(nextSlotAfter([], utc('10:00'), 30)).toBeUndefined());
});
