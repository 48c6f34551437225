import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/**
 * CPU seconds by process group from /proc (Linux; elsewhere nothing is reported): who did the work during a
 * benchmark — Chromium's renderer (the page: engine, Dexie), its browser process (IndexedDB's backend), the
 * server (this Node process), PostgreSQL's backends of the bench database — and how busy the whole machine was
 * (other work on it slows every figure down).
 */
export interface CpuSnapshot {
  readonly at: number;
  readonly groups: ReadonlyMap<string, number>;
  readonly machineBusy: number;
}

const ticksPerSecond = 100;

const read = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

interface Proc {
  readonly pid: number;
  readonly ppid: number;
  readonly seconds: number;
  readonly cmdline: string;
}

const processes = (): Proc[] => {
  const out: Proc[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    if (!stat) continue;
    // Fields after the command (which may hold spaces): state ppid … utime(12th) stime(13th).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out.push({
      pid: Number(name),
      ppid: Number(fields[1]),
      seconds: (Number(fields[11]) + Number(fields[12])) / ticksPerSecond,
      cmdline: (read(`/proc/${name}/cmdline`) ?? '').replace(/\0/g, ' '),
    });
  }
  return out;
};

const chromiumGroup = (p: Proc, browserPid: number): string => {
  if (p.pid === browserPid) return 'chromium browser process (IndexedDB backend)';
  const type = /--type=(\S+)/.exec(p.cmdline)?.[1];
  const sub = /--utility-sub-type=(\S+)/.exec(p.cmdline)?.[1];
  if (type === 'renderer') return 'chromium renderer (page)';
  if (type === 'utility' && sub) return `chromium ${sub.split('.')[0]}`;
  return `chromium ${type ?? 'other'}`;
};

/** Now, or undefined where /proc is not there. `pgMarker`: text in the title of the bench's PostgreSQL backends. */
export const cpuSnapshot = (
  browserPid: number | undefined,
  pgMarker: string | undefined,
): CpuSnapshot | undefined => {
  const stat = read('/proc/stat');
  if (!stat) return undefined;
  const [, ...values] = (stat.split('\n')[0] ?? '').trim().split(/\s+/);
  const ticks = values.map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const list = processes();
  const children = new Map<number, Proc[]>();
  for (const p of list) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const groups = new Map<string, number>();
  const add = (group: string, seconds: number) => groups.set(group, (groups.get(group) ?? 0) + seconds);
  if (browserPid !== undefined) {
    const stack = list.filter((p) => p.pid === browserPid);
    while (stack.length) {
      const p = stack.pop();
      if (!p) break;
      add(chromiumGroup(p, browserPid), p.seconds);
      stack.push(...(children.get(p.pid) ?? []));
    }
  }
  const self = list.find((p) => p.pid === process.pid);
  if (self) add('node: server + bench runner', self.seconds);
  if (pgMarker)
    for (const p of list)
      if (p.cmdline.startsWith('postgres:') && p.cmdline.includes(pgMarker)) add('PostgreSQL', p.seconds);
  return { at: performance.now(), groups, machineBusy: (total - idle) / ticksPerSecond };
};

/** What happened between two snapshots, one line. */
export const cpuBetween = (
  from: CpuSnapshot | undefined,
  to: CpuSnapshot | undefined,
): string | undefined => {
  if (!from || !to) return undefined;
  const wall = (to.at - from.at) / 1000;
  const parts: string[] = [];
  let ours = 0;
  for (const [group, seconds] of to.groups) {
    const spent = seconds - (from.groups.get(group) ?? 0);
    ours += spent;
    if (spent >= 0.05) parts.push(`${group} ${spent.toFixed(1)} s`);
  }
  const busy = to.machineBusy - from.machineBusy;
  const cores = cpus().length;
  return (
    `CPU: ${parts.join(', ')} = ${ours.toFixed(1)} s in ${wall.toFixed(1)} s wall on ${cores} cores; ` +
    `the machine was ${Math.round((busy / (wall * cores)) * 100)} % busy, ${Math.max(0, busy - ours).toFixed(1)} s of it other work`
  );
};

/** The Chromium browser process this process started (playwright spawns it as a direct child). */
export const chromiumChild = (): number | undefined =>
  existsSync('/proc')
    ? processes().find((p) => p.ppid === process.pid && p.cmdline.includes('chromium'))?.pid
    : undefined;

/**
 * Waits until the machine is quiet: under `busyShare` of all cores over a `windowMs` window, at most `maxMs`.
 * Chromium compacts IndexedDB's storage in the background after large writes (the initial sync, the raw
 * bulkPut and its deleted database), and a figure measured meanwhile measures that too. Returns the time waited
 * and what worked meanwhile (undefined where /proc is not there).
 */
export const settle = async (
  probe: () => CpuSnapshot | undefined,
  opts: { busyShare?: number; windowMs?: number; maxMs?: number } = {},
): Promise<{ ms: number; quiet: boolean; cpu: string | undefined } | undefined> => {
  const { busyShare = 0.15, windowMs = 1000, maxMs = 30_000 } = opts;
  const first = probe();
  if (!first) return undefined;
  const cores = cpus().length;
  let from = first;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const now = probe();
    if (!now) return undefined;
    const busy = (now.machineBusy - from.machineBusy) / (((now.at - from.at) / 1000) * cores);
    const ms = now.at - first.at;
    if (busy < busyShare || ms >= maxMs) return { ms, quiet: busy < busyShare, cpu: cpuBetween(first, now) };
    from = now;
  }
};
