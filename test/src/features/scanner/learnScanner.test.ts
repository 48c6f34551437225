import { describe, expect, it } from 'vitest';
import { learnTiming } from '../../../../src/features/scanner/learnScanner';
import type { WedgeKey } from '../../../../src/features/scanner/wedgeDecoder';

/** The keys of one scan: characters `gaps` ms apart (cycled), then the suffix `endGap` ms after the last. */
const scan = (code: string, gaps: readonly number[], end: 'Enter' | 'Tab' | null, endGap = 5): WedgeKey[] => {
  let time = 1000;
  const keys: WedgeKey[] = [...code].map((key, i) => {
    if (i > 0) time += gaps[(i - 1) % gaps.length] ?? 0;
    return { key, time };
  });
  if (end) keys.push({ key: end, time: time + endGap });
  return keys;
};

describe('learning the scanner', () => {
  it('sets the pause to the longest one measured inside a scan, half as much again, and the end key seen', () => {
    const learnt = learnTiming([
      scan('5901234123457', [8, 9, 12], 'Enter'),
      scan('LOC-01-02', [10, 60, 9], 'Enter'),
      scan('ABC123', [7], 'Enter', 20),
    ]);
    expect(learnt).toEqual({ maxGapMs: 95, suffix: ['Enter'], longestGapMs: 60 });
  });

  it('learns a scanner that ends with Tab, one that sends no suffix, and one that mixes', () => {
    expect(learnTiming([scan('ABCD', [10], 'Tab'), scan('EFGH', [10], 'Tab')])?.suffix).toEqual(['Tab']);
    expect(learnTiming([scan('ABCD', [10], null), scan('EFGH', [10], null)])?.suffix).toEqual([]);
    expect(learnTiming([scan('ABCD', [10], 'Enter'), scan('EFGH', [10], 'Tab')])?.suffix).toEqual([
      'Enter',
      'Tab',
    ]);
  });

  it('keeps the pause within 5 and 200 ms, and learns nothing from keys that are no scan', () => {
    expect(learnTiming([scan('ABCD', [1], 'Enter', 1)])?.maxGapMs).toBe(7);
    expect(learnTiming([scan('ABCD', [400], 'Enter')])?.maxGapMs).toBe(200);
    expect(learnTiming([[{ key: 'Enter', time: 1 }]])).toBeNull();
  });
});
