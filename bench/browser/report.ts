import { percentile, verdict } from '../support/benchDatabases';
import type { Spent } from './protocol';

/** Targets of issue 4 ("Proof", last bullet); the drain's ratio is issue 16's stricter one (one in-process push). */
export const targets = {
  /** Initial sync time ≤ this × a raw bulkPut of the same rows. */
  syncRatio: 1.5,
  scanP95Ms: 50,
  /** Drain time ≤ this × the plain sequential loop (issue 4 asked 1.5×; issue 16 asks 0.3×). */
  drainRatio: 0.3,
  drainPerSecond: 200,
} as const;

const en = (n: number, digits = 0) =>
  n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export const perSecond = (count: number, ms: number): number => (ms > 0 ? (count * 1000) / ms : 0);

export const seconds = (ms: number): string => `${en(ms / 1000, 1)} s`;

export const rate = (count: number, ms: number, unit: string): string =>
  `${en(perSecond(count, ms))} ${unit}/s`;

export const share = (part: Spent, whole: number): string =>
  `${seconds(part.ms)} (${whole > 0 ? Math.round((part.ms / whole) * 100) : 0} %, ${en(part.count)}×)`;

export interface Verdicts {
  readonly lines: string[];
  readonly misses: string[];
}

/** One "target … → PASS/MISS" line, remembered in `v`. */
export const judge = (v: Verdicts, name: string, ok: boolean, text: string): void => {
  v.lines.push(`  target ${name}: ${text} → ${verdict(ok)}`);
  if (!ok) v.misses.push(name);
};

export interface Latency {
  readonly p50: number;
  readonly p95: number;
  readonly max: number;
  readonly mean: number;
}

export const latencyOf = (values: readonly number[]): Latency => ({
  p50: percentile(values, 50),
  p95: percentile(values, 95),
  max: values.length ? Math.max(...values) : Number.NaN,
  mean: values.length ? values.reduce((a, b) => a + b, 0) / values.length : Number.NaN,
});

export const ms = (n: number): string => `${en(n, 1)} ms`;
