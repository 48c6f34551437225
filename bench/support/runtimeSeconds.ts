import { existsSync, readFileSync } from 'node:fs';
import type { LiveHeap, RuntimeSecond } from '../../server/ops/runtimeStats';

const linesOf = (file: string): Record<string, unknown>[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>)
    : [];

/** The seconds a server process wrote to its AISLE_RUNTIME_STATS file (server/ops/runtimeStats.ts). */
export const readRuntimeSeconds = (file: string): RuntimeSecond[] =>
  linesOf(file).filter((l) => 'samples' in l) as unknown as RuntimeSecond[];

/** The live heaps it measured after full collections the bench asked for (SIGUSR2). */
export const readLiveHeaps = (file: string): LiveHeap[] =>
  linesOf(file).filter((l) => 'live' in l) as unknown as LiveHeap[];

/** What a window of seconds says: event-loop delay, busy share, GC pauses. */
export interface LoopSummary {
  readonly seconds: number;
  readonly delayP50: number;
  readonly delayP99: number;
  readonly maxDelay: number;
  /** Mean share of the window the event loop was busy (0–1). */
  readonly utilization: number;
  /** GC pauses in all (ms a second, on average) and the longest one. */
  readonly gcMsPerSecond: number;
  readonly gcMaxMs: number;
}

/**
 * A percentile of the delays of several seconds, each second's distribution given by its histogram's
 * [percentile, value] steps: a step from the previous percentile to this one weighs that share of the second's
 * samples at this value (as exact as the histogram's own steps).
 */
const mergedPercentile = (seconds: readonly RuntimeSecond[], p: number): number => {
  const weighted: { value: number; weight: number }[] = [];
  for (const s of seconds) {
    let previous = 0;
    for (const [percentile, value] of s.delay) {
      const weight = ((percentile - previous) / 100) * s.samples;
      if (weight > 0) weighted.push({ value, weight });
      previous = percentile;
    }
  }
  if (!weighted.length) return Number.NaN;
  weighted.sort((a, b) => a.value - b.value);
  const total = weighted.reduce((sum, w) => sum + w.weight, 0);
  let seen = 0;
  for (const w of weighted) {
    seen += w.weight;
    if (seen >= (p / 100) * total) return w.value;
  }
  return weighted[weighted.length - 1]?.value ?? Number.NaN;
};

/** The seconds that ended within [from, to] (milliseconds since the epoch). */
export const secondsBetween = (all: readonly RuntimeSecond[], from: number, to: number): RuntimeSecond[] =>
  all.filter((s) => s.at > from && s.at <= to);

export const loopSummary = (seconds: readonly RuntimeSecond[]): LoopSummary => ({
  seconds: seconds.length,
  delayP50: mergedPercentile(seconds, 50),
  delayP99: mergedPercentile(seconds, 99),
  maxDelay: Math.max(0, ...seconds.map((s) => s.maxDelay)),
  utilization: seconds.length ? seconds.reduce((sum, s) => sum + s.utilization, 0) / seconds.length : 0,
  gcMsPerSecond: seconds.length ? seconds.reduce((sum, s) => sum + s.gcMs, 0) / seconds.length : 0,
  gcMaxMs: Math.max(0, ...seconds.map((s) => s.gcMaxMs)),
});

/** The second closest to `at` (the memory then). */
export const secondAt = (all: readonly RuntimeSecond[], at: number): RuntimeSecond | undefined =>
  all.reduce<RuntimeSecond | undefined>(
    (best, s) => (best === undefined || Math.abs(s.at - at) < Math.abs(best.at - at) ? s : best),
    undefined,
  );
