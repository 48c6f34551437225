import { PerformanceObserver } from 'node:perf_hooks';

/** BENCH_TRACE=1: every sample of a scenario printed with the garbage collection that overlapped it. */
export const tracing = (): boolean => process.env.BENCH_TRACE === '1';

interface Timed {
  readonly label: string;
  readonly at: number;
  readonly took: number;
}

interface Pause {
  readonly start: number;
  readonly end: number;
}

/**
 * The samples of one scenario and the GC pauses seen meanwhile (perf_hooks reports them a moment late, so they are
 * matched when the scenario is printed). Tells a slow sample that a pause lengthened from a warm-up one or a
 * hiccup of the shared machine. Costs nothing unless tracing.
 */
export class SampleTrace {
  private readonly samples = new Map<number, Timed[]>();
  private readonly pauses: Pause[] = [];
  private readonly observer: PerformanceObserver | undefined;

  constructor(private readonly name: string) {
    if (!tracing()) return;
    this.observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        this.pauses.push({ start: e.startTime, end: e.startTime + e.duration });
    });
    this.observer.observe({ entryTypes: ['gc'] });
  }

  /** One side's time of sample `i` (negative: a warm-up), started at `at` (performance.now()). */
  add(i: number, label: string, at: number, took: number): void {
    if (!this.observer) return;
    this.samples.set(i, [...(this.samples.get(i) ?? []), { label, at, took }]);
  }

  private gcWithin(at: number, took: number): number {
    let ms = 0;
    for (const p of this.pauses) ms += Math.max(0, Math.min(p.end, at + took) - Math.max(p.start, at));
    return ms;
  }

  /** Prints the samples, one line each, and stops watching. */
  async print(): Promise<void> {
    if (!this.observer) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
    this.observer.disconnect();
    console.log(`    trace of ${this.name} (gc = garbage collection inside the sample):`);
    for (const [i, timed] of [...this.samples].sort(([a], [b]) => a - b)) {
      const parts = timed.map(
        (t) =>
          `${t.label} ${t.took.toFixed(1).padStart(6)} ms (gc ${this.gcWithin(t.at, t.took).toFixed(1)})`,
      );
      console.log(`      ${String(i).padStart(3)}${i < 0 ? ' warm-up' : '        '}  ${parts.join('   ')}`);
    }
  }
}
