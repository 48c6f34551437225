import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

export type CapturedMailFile = {
  /** Envelope recipients (RCPT TO), lower-cased. */
  to: string[];
  from: string;
  receivedAt: number;
  raw: string;
};

export type MailCapture = { port: number; smtpUrl: string; dir: string; stop: () => Promise<void> };

/**
 * An in-process SMTP server (no TLS, no auth) that writes every received message to `<dir>/<time>-<n>.json`
 * as a CapturedMailFile. The directory is what tests read through `waitForMail` (env E2E_MAIL_DIR).
 */
export const startMailCapture = async (): Promise<MailCapture> => {
  const dir = mkdtempSync(join(tmpdir(), 'aisle-e2e-mail-'));
  let counter = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    hideSTARTTLS: true,
    logger: false,
    size: 20 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        counter += 1;
        const mail: CapturedMailFile = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          receivedAt: Date.now(),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        const base = `${String(mail.receivedAt).padStart(15, '0')}-${String(counter).padStart(5, '0')}`;
        // Write then rename, so a reader never sees half a file.
        writeFileSync(join(dir, `${base}.tmp`), JSON.stringify(mail));
        renameSync(join(dir, `${base}.tmp`), join(dir, `${base}.json`));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    smtpUrl: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    dir,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
};
