import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { constants, monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';

/**
 * One second of a server process as the fleet bench reads it (bench/fleetLoad.bench.ts): how late its event loop
 * ran timers, how busy it was, how long garbage collection paused it and how much memory it held.
 */
export interface RuntimeSecond {
  /** End of the second (milliseconds since the epoch). */
  readonly at: number;
  /** Event-loop delay samples taken in the second. */
  readonly samples: number;
  /** Their distribution: [percentile, delay in ms] pairs, as the histogram gives them (mergeable by weight). */
  readonly delay: readonly (readonly [number, number])[];
  /** The largest delay of the second, in ms. */
  readonly maxDelay: number;
  /** Share of the second the event loop was busy (0–1). */
  readonly utilization: number;
  /** Garbage collection in the second: pauses in all and the longest, in ms. */
  readonly gcMs: number;
  readonly gcMaxMs: number;
  /** Heap in use right after the second's last full (mark-compact) collection, when it had one, in MB. */
  readonly afterFullGc?: number;
  /** process.memoryUsage() at the end of the second, in MB. */
  readonly rss: number;
  readonly heapUsed: number;
  readonly heapTotal: number;
  readonly external: number;
  readonly arrayBuffers: number;
}

/**
 * The heap still in use after a full collection, asked for by the benchmark (SIGUSR2) at the start and end of a
 * measured run: what is live, without the garbage V8 has not collected yet. Needs `node --expose-gc`.
 */
export interface LiveHeap {
  readonly at: number;
  readonly live: number;
  readonly rss: number;
  readonly external: number;
  readonly arrayBuffers: number;
  /** The heap snapshot written with it (AISLE_HEAP_SNAPSHOTS=<dir>), if any. */
  readonly snapshot?: string;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const nsToMs = (ns: number) => ns / 1e6;

/**
 * Writes one RuntimeSecond a line (JSON) to `file` every second until stopped: AISLE_RUNTIME_STATS=<file> in
 * server/main.ts, set only by benchmarks. The delay is measured by Node's own sampler (monitorEventLoopDelay,
 * 10 ms resolution), reset each second so a reader can take any window of seconds. On SIGUSR2 (with
 * `--expose-gc`) it collects fully and writes a LiveHeap line.
 */
export const writeRuntimeStats = (file: string, everyMs = 1_000): (() => void) => {
  const out = createWriteStream(file, { flags: 'a' });
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let gcMs = 0;
  let gcMaxMs = 0;
  let afterFullGc: number | undefined;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMs += entry.duration;
      gcMaxMs = Math.max(gcMaxMs, entry.duration);
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) afterFullGc = mb(process.memoryUsage().heapUsed);
    }
  });
  gc.observe({ entryTypes: ['gc'] });
  let loop = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const second = performance.eventLoopUtilization(now, loop);
    loop = now;
    const memory = process.memoryUsage();
    const line: RuntimeSecond = {
      at: Date.now(),
      samples: delay.count,
      delay: delay.count ? [...delay.percentiles].map(([p, v]) => [p, nsToMs(v)] as const) : [],
      maxDelay: delay.count ? nsToMs(delay.max) : 0,
      utilization: second.utilization,
      gcMs,
      gcMaxMs,
      ...(afterFullGc === undefined ? {} : { afterFullGc }),
      rss: mb(memory.rss),
      heapUsed: mb(memory.heapUsed),
      heapTotal: mb(memory.heapTotal),
      external: mb(memory.external),
      arrayBuffers: mb(memory.arrayBuffers),
    };
    delay.reset();
    gcMs = 0;
    gcMaxMs = 0;
    afterFullGc = undefined;
    out.write(`${JSON.stringify(line)}\n`);
  }, everyMs);
  timer.unref();
  const collect = (globalThis as { gc?: () => void }).gc;
  const measureLive = () => {
    if (!collect) return;
    collect();
    const memory = process.memoryUsage();
    const dir = process.env.AISLE_HEAP_SNAPSHOTS;
    const live: LiveHeap = {
      at: Date.now(),
      live: mb(memory.heapUsed),
      rss: mb(memory.rss),
      external: mb(memory.external),
      arrayBuffers: mb(memory.arrayBuffers),
      ...(dir
        ? { snapshot: writeHeapSnapshot(join(dir, `aisle-${process.pid}-${Date.now()}.heapsnapshot`)) }
        : {}),
    };
    out.write(`${JSON.stringify(live)}\n`);
  };
  process.on('SIGUSR2', measureLive);
  return () => {
    process.off('SIGUSR2', measureLive);
    clearInterval(timer);
    delay.disable();
    gc.disconnect();
    out.end();
  };
};
