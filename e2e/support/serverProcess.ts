import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '..', '..');

/** Asks the OS for a free TCP port on 127.0.0.1. */
export const freePort = (): Promise<number> =>
  new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });

export type ServerOptions = {
  /** Extra environment for the server (e.g. `{ ACCESS_TOKEN_SECONDS: '5' }`). */
  env?: Record<string, string | undefined>;
  /** SMTP URL the server sends mail to (defaults to E2E_SMTP_URL, set by the global setup). */
  smtpUrl?: string;
  /** Milliseconds to wait for GET /api/health → 200. */
  startTimeoutMs?: number;
  /** Label used in log file names and messages. */
  name?: string;
  /** Server entry run with tsx (default env E2E_ENTRY, else server/main.ts). */
  entry?: string;
  /** Start on this data directory (another server's data, e.g. to restart it with another clock); kept on stop. */
  dataDir?: string;
};

export type RunningServer = {
  baseURL: string;
  port: number;
  dataDir: string;
  logFile: string;
  stop: () => Promise<void>;
};

const maxKeptOutput = 400;

/**
 * Starts the real server (`tsx server/main.ts`) on a free port with a throwaway DATA_DIR, and waits until
 * GET /api/health answers 200. Its output goes to `.tmp/<name>.log` (and to the console when E2E_SERVER_LOG=1).
 */
export const startServer = async (options: ServerOptions = {}): Promise<RunningServer> => {
  const name = options.name ?? 'e2e-server';
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'aisle-e2e-data-'));
  mkdirSync(join(repoRoot, '.tmp'), { recursive: true });
  const logFile = join(repoRoot, '.tmp', `${name}.log`);
  const log = createWriteStream(logFile);
  const recent: string[] = [];
  const smtpUrl = options.smtpUrl ?? process.env.E2E_SMTP_URL;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: baseURL,
    AISLE_DEMO: '1',
    // Tests of what expires move the server's clock instead of waiting (e2e/support/serverClock.ts).
    AISLE_TEST_CLOCK: '1',
    ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
  };
  // Tests must never touch a developer's PostgreSQL unless asked to: E2E_DATABASE_URL opts in.
  delete env.DATABASE_URL;
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  // E2E_SERVER_<NAME>=value in the runner's environment becomes <NAME>=value for the server.
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith('E2E_SERVER_') && key !== 'E2E_SERVER_LOG' && value !== undefined) {
      env[key.slice('E2E_SERVER_'.length)] = value;
    }
  }
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }

  const child: ChildProcess = spawn(
    join(repoRoot, 'node_modules', '.bin', 'tsx'),
    [options.entry ?? process.env.E2E_ENTRY ?? 'server/main.ts'],
    {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // own process group, so stop() also ends tsx's child node process
    },
  );
  const capture = (chunk: Buffer) => {
    log.write(chunk);
    if (process.env.E2E_SERVER_LOG === '1') process.stdout.write(chunk);
    recent.push(...chunk.toString('utf8').split('\n'));
    if (recent.length > maxKeptOutput) recent.splice(0, recent.length - maxKeptOutput);
  };
  child.stdout?.on('data', capture);
  child.stderr?.on('data', capture);

  let exited: string | undefined;
  const exitPromise = new Promise<void>((resolveExit) => {
    child.on('exit', (code, signal) => {
      exited = signal ? `signal ${signal}` : `code ${code}`;
      resolveExit();
    });
    child.on('error', (error) => {
      exited = `spawn error: ${error.message}`;
      resolveExit();
    });
  });

  const killGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined || exited) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    killGroup('SIGTERM');
    const timer = setTimeout(() => killGroup('SIGKILL'), 10_000);
    await exitPromise;
    clearTimeout(timer);
    log.end();
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  // A start seeds the demo data when its data directory is new: minutes on a busy machine.
  const timeoutMs = options.startTimeoutMs ?? 360_000;
  const started = Date.now();
  let lastProblem = 'no answer yet';
  while (Date.now() - started < timeoutMs) {
    if (exited) break;
    try {
      const response = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (response.status === 200) return { baseURL, port, dataDir, logFile, stop };
      lastProblem = `GET /api/health answered ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  const why = exited
    ? `the server exited (${exited}) before it was ready`
    : `GET ${baseURL}/api/health did not answer 200 within ${timeoutMs / 1000} s (${lastProblem})`;
  await stop();
  throw new Error(
    `[e2e] Could not start the server: ${why}.\n--- server output (${logFile}) ---\n${recent.join('\n')}`,
  );
};
