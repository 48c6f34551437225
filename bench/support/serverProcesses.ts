import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../e2e/support/serverProcess';

/**
 * Real server processes (`tsx server/main.ts`, as `npm start` runs it) for the chaos run and the fleet load
 * bench: each in its own process group, so it can be killed with SIGKILL like a crashed machine, restarted on
 * the same port, and measured (CPU seconds and memory of the whole group, tsx's child included).
 */

export const repoRoot = resolve(import.meta.dirname, '..', '..');

export interface ServerProcessOptions {
  /** Label in log file names (.tmp/<name>.log). */
  readonly name: string;
  /** Environment on top of the runner's (DATABASE_URL, JWT_SECRET, ACCESS_TOKEN_SECONDS, …). */
  readonly env: Record<string, string>;
  /** Milliseconds to wait for GET /api/health → 200 (default 180 s: a busy machine compiles slowly). */
  readonly startTimeoutMs?: number;
  /**
   * Node options for the server (`--cpu-prof`, `--heapsnapshot-signal=…`): it then runs as `node <options> --import
   * tsx server/main.ts`, one process, since Node refuses such options in NODE_OPTIONS and tsx's child would not get
   * them. Without: `tsx server/main.ts`, as `npm start` runs it.
   */
  readonly nodeOptions?: readonly string[];
}

/** Clock ticks per second of /proc/<pid>/stat (100 on Linux). */
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU seconds (user + system) of some processes. `ps -o times=` counts whole seconds, too coarse for one
 * PostgreSQL backend over a short run: /proc/<pid>/stat gives clock ticks; `ps` is the fallback.
 */
const cpuSecondsOf = (pids: readonly number[]): number =>
  pids.reduce((sum, pid) => {
    try {
      // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return sum + (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
    } catch {
      try {
        return (
          sum + Number(execFileSync('ps', ['-o', 'times=', '-p', String(pid)], { encoding: 'utf8' }).trim())
        );
      } catch {
        return sum;
      }
    }
  }, 0);

const pidsOf = (args: readonly string[], keep: (line: string) => boolean = () => true): number[] => {
  try {
    return execFileSync('ps', args, { encoding: 'utf8' })
      .split('\n')
      .filter(keep)
      .map((line) => Number.parseInt(line.trim(), 10))
      .filter((n) => Number.isInteger(n));
  } catch {
    return [];
  }
};

/** CPU seconds of every process of a group (tsx and its node child). */
export const groupCpuSeconds = (pgid: number): number =>
  cpuSecondsOf(pidsOf(['-o', 'pid=', '-g', String(pgid)]));

/** CPU seconds of the processes whose command line matches `pattern`, e.g. the PostgreSQL backends of a database. */
export const cpuSecondsOfCommands = (pattern: RegExp): number =>
  cpuSecondsOf(
    pidsOf(['-e', '-o', 'pid=,args='], (line) => pattern.test(line.trim().replace(/^\d+\s+/, ''))),
  );

/** Resident memory of every process of a group, in MB (`ps -o rss=`). */
export const groupRssMb = (pgid: number): number => {
  try {
    const out = execFileSync('ps', ['-o', 'rss=', '-g', String(pgid)], { encoding: 'utf8' });
    return (
      out
        .split('\n')
        .map((s) => Number(s.trim()))
        .filter((n) => Number.isFinite(n))
        .reduce((a, b) => a + b, 0) / 1024
    );
  } catch {
    return 0;
  }
};

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One server process that can be started, killed and started again on the same port and data directory. */
export class ServerProcess {
  readonly port: number;
  readonly baseUrl: string;
  private readonly dataDir: string;
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  /** Starts so far (1 after the first). */
  starts = 0;

  private constructor(
    private readonly options: ServerProcessOptions,
    port: number,
  ) {
    this.port = port;
    this.baseUrl = `http://127.0.0.1:${port}`;
    this.dataDir = mkdtempSync(join(tmpdir(), `aisle-${options.name}-`));
  }

  static async create(options: ServerProcessOptions): Promise<ServerProcess> {
    return new ServerProcess(options, await freePort());
  }

  /** The process group id while running (tsx and its node child). */
  get pgid(): number | undefined {
    return this.running ? this.child?.pid : undefined;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the process and waits until it answers GET /api/health with 200. */
  async start(): Promise<void> {
    if (this.running) return;
    mkdirSync(join(repoRoot, '.tmp'), { recursive: true });
    const log = createWriteStream(join(repoRoot, '.tmp', `${this.options.name}.log`), { flags: 'a' });
    const nodeOptions = this.options.nodeOptions;
    const [command, args] = nodeOptions?.length
      ? [process.execPath, [...nodeOptions, '--import', 'tsx', 'server/main.ts']]
      : [join(repoRoot, 'node_modules', '.bin', 'tsx'), ['server/main.ts']];
    const child = spawn(command, args, {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        AISLE_DEMO: '0',
        // The API only: no web app to serve.
        WEB_DIR: join(this.dataDir, 'no-web-app'),
        ...this.options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    this.child = child;
    this.starts++;
    this.exited = new Promise((done) => child.once('exit', () => done()));
    const timeout = this.options.startTimeoutMs ?? 180_000;
    const started = Date.now();
    while (Date.now() - started < timeout) {
      if (!this.running)
        throw new Error(`${this.options.name} exited while starting (.tmp/${this.options.name}.log)`);
      try {
        const res = await fetch(`${this.baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) });
        if (res.status === 200) return;
      } catch {
        // not listening yet
      }
      await delay(200);
    }
    this.kill('SIGKILL');
    throw new Error(`${this.options.name} did not answer /api/health within ${timeout / 1000} s`);
  }

  /**
   * Sends a signal to the server's own node process only (with nodeOptions, where it is the process started; e.g.
   * the heap snapshot signal), not to the group: tsx would take most signals as a reason to stop.
   */
  signalServer(signal: NodeJS.Signals): void {
    if (!this.options.nodeOptions?.length)
      throw new Error('signalServer: only a server started with nodeOptions');
    if (this.running && this.child?.pid !== undefined) process.kill(this.child.pid, signal);
  }

  /** Sends a signal to the whole group (SIGKILL: a crash, nothing cleaned up); resolves when it is gone. */
  async kill(signal: NodeJS.Signals): Promise<void> {
    const pid = this.child?.pid;
    if (pid !== undefined && this.running) {
      try {
        process.kill(-pid, signal);
      } catch {
        // already gone
      }
    }
    await this.exited;
  }

  /**
   * Stops the process (SIGTERM, SIGKILL after 10 s or a minute when profiling; SIGKILL at once when its database is thrown away next)
   * and removes its data directory.
   */
  async stop(signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
    // A CPU profile is written as the process exits: give it time.
    const grace = this.options.nodeOptions?.some((o) => o.startsWith('--cpu-prof')) ? 60_000 : 10_000;
    const timer = setTimeout(() => void this.kill('SIGKILL'), grace);
    await this.kill(signal);
    clearTimeout(timer);
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
