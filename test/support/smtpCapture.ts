import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message received by the capture server, with its MIME parts decoded. */
export interface CapturedMail {
  readonly from: string;
  readonly to: readonly string[];
  /** The message as received (RFC 822). */
  readonly raw: string;
  /** Decoded Subject header. */
  readonly subject: string;
  /** Decoded bodies of all text parts (plain text and HTML), joined. */
  readonly text: string;
  /** Every http(s) link in the decoded bodies, in order, without duplicates. */
  readonly links: readonly string[];
  /** SMTP AUTH credentials the sender used, if any. */
  readonly auth: { readonly username: string; readonly password: string } | undefined;
}

export interface SmtpCapture {
  readonly host: string;
  readonly port: number;
  /** For SMTP_URL / ServerConfig.smtpUrl. */
  readonly url: string;
  readonly messages: CapturedMail[];
  /** When true, every message is refused with a permanent error (to test send failures). */
  rejectMessages: boolean;
  /** The first message (already received or arriving within the timeout) that matches. */
  waitFor(match: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

interface MimePart {
  readonly headers: Map<string, string>;
  readonly body: string;
}

const splitHeaders = (raw: string): MimePart => {
  const text = raw.replace(/\r\n/g, '\n');
  const end = text.indexOf('\n\n');
  const head = end < 0 ? text : text.slice(0, end);
  const body = end < 0 ? '' : text.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
};

const bytesToText = (bytes: number[]): string => Buffer.from(bytes).toString('utf8');

/** Quoted-printable (RFC 2045): soft line breaks removed, =XX turned into bytes, read as UTF-8. */
export const decodeQuotedPrintable = (s: string): string => {
  const input = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < input.length; i++) {
    const hex = input.slice(i + 1, i + 3);
    if (input[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(input[i] ?? '', 'utf8'));
    }
  }
  return bytesToText(bytes);
};

/** RFC 2047 encoded words in headers (=?UTF-8?Q?…?= and =?UTF-8?B?…?=). */
const decodeHeader = (s: string): string =>
  s
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );

const decodeBody = (part: MimePart): string => {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
};

/** Decoded text of every text/* leaf of a MIME message. */
const textParts = (part: MimePart): string[] => {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const pieces = part.body.split(`--${boundary}`).slice(1);
    return pieces
      .filter((piece) => !piece.startsWith('--'))
      .flatMap((piece) => textParts(splitHeaders(piece.replace(/^\n/, ''))));
  }
  return /^text\//i.test(type) ? [decodeBody(part)] : [];
};

const htmlEntities = (s: string): string =>
  s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&');

/** Parses a raw message into subject, decoded text and links (no mail parser is installed). */
export const parseMail = (raw: string): Pick<CapturedMail, 'subject' | 'text' | 'links'> => {
  const top = splitHeaders(raw);
  const text = textParts(top).join('\n');
  const links = [...new Set((text.match(/https?:\/\/[^\s<>"']+/g) ?? []).map(htmlEntities))];
  return { subject: decodeHeader(top.headers.get('subject') ?? ''), text, links };
};

/**
 * An in-process SMTP server on 127.0.0.1 (random port, no TLS, any or no credentials accepted)
 * that keeps every message it receives.
 */
export const startSmtpCapture = async (): Promise<SmtpCapture> => {
  const messages: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const auths = new Map<string, { username: string; password: string }>();
  const state = { rejectMessages: false };

  const server = new SMTPServer({
    logger: false,
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    onAuth(auth, session, callback) {
      auths.set(session.id, { username: auth.username ?? '', password: auth.password ?? '' });
      callback(null, { user: auth.username ?? '' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.rejectMessages) {
          const err = Object.assign(new Error('Mailbox unavailable (test)'), { responseCode: 550 });
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelope = session.envelope;
        messages.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((r) => r.address),
          raw,
          ...parseMail(raw),
          auth: auths.get(session.id),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const host = '127.0.0.1';

  return {
    host,
    port,
    url: `smtp://${host}:${port}`,
    messages,
    get rejectMessages() {
      return state.rejectMessages;
    },
    set rejectMessages(value: boolean) {
      state.rejectMessages = value;
    },
    waitFor(match, timeoutMs = 10_000) {
      return new Promise<CapturedMail>((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching e-mail within ${timeoutMs} ms (got ${messages.length})`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
