// npm run bench: the Chromium half (issue 4): initial sync, scan-to-line latency and outbox drain, in
// bench/browser/run.ts.
import './browser/run';
