import { randomUUID } from 'node:crypto';
import { AppError, type ErrorCode } from '../../../domain/errors';

export type JobStatus = 'running' | 'done' | 'failed';

/** What GET StorageSpace/generate/{jobId} and its event stream report. */
export interface JobProgress {
  readonly jobId: string;
  readonly status: JobStatus;
  readonly done: number;
  readonly total: number;
  readonly error?: ErrorCode;
}

type Listener = (progress: JobProgress) => void;

/** A background generation: its progress, its listeners and the labels it is about to write. */
export class GenerationJob {
  readonly jobId = randomUUID();
  readonly clientAccountId: string;
  readonly total: number;
  /** Labels this job writes; a second request must not take them meanwhile. */
  readonly labels: ReadonlySet<string>;
  status: JobStatus = 'running';
  done = 0;
  error: ErrorCode | undefined;
  private readonly listeners = new Set<Listener>();

  constructor(clientAccountId: string, labels: ReadonlySet<string>) {
    this.clientAccountId = clientAccountId;
    this.labels = labels;
    this.total = labels.size;
  }

  get progress(): JobProgress {
    const base = { jobId: this.jobId, status: this.status, done: this.done, total: this.total };
    return this.error ? { ...base, error: this.error } : base;
  }

  /** Calls the listener now and on every change until the job ends; returns the unsubscribe. */
  subscribe(listener: Listener): () => void {
    listener(this.progress);
    if (this.status !== 'running') return () => undefined;
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  advance(done: number): void {
    this.done = done;
    this.emit();
  }

  finish(status: Exclude<JobStatus, 'running'>, error?: ErrorCode): void {
    this.status = status;
    this.error = error;
    this.emit();
    this.listeners.clear();
  }

  private emit(): void {
    const progress = this.progress;
    for (const listener of this.listeners) listener(progress);
  }
}

/** How long a finished job can still be polled. */
const keepFinishedMs = 60 * 60 * 1000;

/**
 * The jobs of this server process, keyed by account and job id: a job of another account is not
 * found. In memory, so a client polls the node that started the job (docs/decisions.md).
 */
export class GenerationJobs {
  private readonly jobs = new Map<string, GenerationJob>();
  private readonly running = new Set<Promise<void>>();
  private closing = false;

  private static key(clientAccountId: string, jobId: string): string {
    return `${clientAccountId}/${jobId}`;
  }

  /** Labels that running jobs of the account are writing. */
  labelsInProgress(clientAccountId: string): Set<string> {
    const out = new Set<string>();
    for (const job of this.jobs.values())
      if (job.clientAccountId === clientAccountId && job.status === 'running')
        for (const label of job.labels) out.add(label);
    return out;
  }

  get isClosing(): boolean {
    return this.closing;
  }

  /** Registers a job and runs `work` in the background; the job ends done, or failed with a code. */
  start(
    job: GenerationJob,
    work: (job: GenerationJob) => Promise<void>,
    onError: (err: unknown) => void,
  ): void {
    const key = GenerationJobs.key(job.clientAccountId, job.jobId);
    this.jobs.set(key, job);
    const run = (async () => {
      // Let the request that started the job answer first.
      await new Promise<void>((resolve) => setImmediate(resolve));
      try {
        await work(job);
        job.finish('done');
      } catch (err) {
        job.finish('failed', err instanceof AppError ? err.code : 'somethingWentWrong');
        if (!(err instanceof AppError)) onError(err);
      } finally {
        setTimeout(() => this.jobs.delete(key), keepFinishedMs).unref();
      }
    })();
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  get(clientAccountId: string, jobId: string): GenerationJob {
    const job = this.jobs.get(GenerationJobs.key(clientAccountId, jobId));
    if (!job) throw new AppError('jobNotFound');
    return job;
  }

  /** On server close: running jobs stop after their current batch; waits for them. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.allSettled([...this.running]);
  }
}
