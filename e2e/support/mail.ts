import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CapturedMailFile } from './mailCapture';

export type Mail = {
  to: string[];
  from: string;
  receivedAt: number;
  subject: string;
  /** Decoded text/plain body ('' if none). */
  text: string;
  /** Decoded text/html body ('' if none). */
  html: string;
  raw: string;
};

export type WaitForMailOptions = {
  /** Milliseconds to wait (default 15 000). */
  timeoutMs?: number;
  /** Only mail received at or after this time (ms since epoch). */
  since?: number;
  /** Only mail whose subject matches. */
  subject?: string | RegExp;
};

// ---------- a small MIME reader: enough for nodemailer's output ----------

type Part = { headers: Map<string, string>; body: string };

const splitHeadersAndBody = (raw: string): Part => {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  let lastKey = '';
  for (const line of head.split('\n')) {
    if (/^[ \t]/.test(line) && lastKey) {
      headers.set(lastKey, `${headers.get(lastKey) ?? ''} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    lastKey = line.slice(0, colon).trim().toLowerCase();
    headers.set(lastKey, line.slice(colon + 1).trim());
  }
  return { headers, body };
};

const headerParam = (value: string, name: string): string | undefined => {
  const match = new RegExp(`;\\s*${name}\\*?=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value);
  return match ? (match[1] ?? match[2]) : undefined;
};

const charsetDecode = (bytes: Buffer, charset: string | undefined): string => {
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
};

const quotedPrintableBytes = (input: string): Buffer => {
  const soft = input.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i]!;
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes);
};

const decodeBody = (part: Part): string => {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const charset = headerParam(part.headers.get('content-type') ?? '', 'charset');
  if (encoding === 'base64')
    return charsetDecode(Buffer.from(part.body.replace(/\s+/g, ''), 'base64'), charset);
  if (encoding === 'quoted-printable') return charsetDecode(quotedPrintableBytes(part.body), charset);
  return part.body;
};

/** Decodes RFC 2047 encoded words (=?utf-8?B?...?= / =?utf-8?Q?...?=). */
export const decodeHeader = (value: string): string =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, charset: string, kind: string, text: string) => {
      const bytes =
        kind.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : quotedPrintableBytes(text.replace(/_/g, ' '));
      return charsetDecode(bytes, charset);
    });

const collectBodies = (part: Part, out: { text: string; html: string }): void => {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const mime = type.split(';')[0]!.trim().toLowerCase();
  if (mime.startsWith('multipart/')) {
    const boundary = headerParam(type, 'boundary');
    if (!boundary) return;
    const sections = part.body.split(`--${boundary}`);
    // sections[0] is the preamble; the last one starts with "--" (epilogue).
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      collectBodies(splitHeadersAndBody(section.replace(/^\n/, '')), out);
    }
    return;
  }
  const disposition = (part.headers.get('content-disposition') ?? '').toLowerCase();
  if (disposition.startsWith('attachment')) return;
  if (mime === 'text/plain' && !out.text) out.text = decodeBody(part);
  else if (mime === 'text/html' && !out.html) out.html = decodeBody(part);
};

/** Parses a raw RFC 822 message (as written by nodemailer) into subject, text and html. */
export const parseMail = (file: CapturedMailFile): Mail => {
  const root = splitHeadersAndBody(file.raw);
  const bodies = { text: '', html: '' };
  collectBodies(root, bodies);
  const headerTo = (root.headers.get('to') ?? '').toLowerCase();
  const to = file.to.length ? file.to : headerTo ? [headerTo] : [];
  return {
    to,
    from: file.from,
    receivedAt: file.receivedAt,
    subject: decodeHeader(root.headers.get('subject') ?? ''),
    text: bodies.text.replace(/\n$/, ''),
    html: bodies.html.replace(/\n$/, ''),
    raw: file.raw,
  };
};

// ---------- reading the captured mail ----------

const mailDir = (): string => {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir)
    throw new Error(
      'E2E_MAIL_DIR is not set: the e2e global setup (e2e/support/globalSetup.ts) did not run.',
    );
  return dir;
};

/** All captured messages so far, oldest first. */
export const allMail = (): Mail[] => {
  const dir = mailDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => parseMail(JSON.parse(readFileSync(join(dir, name), 'utf8')) as CapturedMailFile));
};

const matches = (mail: Mail, to: string, options: WaitForMailOptions): boolean => {
  const wanted = to.toLowerCase();
  if (!mail.to.some((address) => address === wanted || address.includes(`<${wanted}>`))) return false;
  if (options.since !== undefined && mail.receivedAt < options.since) return false;
  if (options.subject !== undefined) {
    return typeof options.subject === 'string'
      ? mail.subject.includes(options.subject)
      : options.subject.test(mail.subject);
  }
  return true;
};

/** Waits for the newest message to `to` (matching the options) and returns it. */
export const waitForMail = async (to: string, options: WaitForMailOptions = {}): Promise<Mail> => {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = allMail().filter((mail) => matches(mail, to, options));
    const newest = found[found.length - 1];
    if (newest) return newest;
    if (Date.now() > deadline) {
      const seen = allMail().map((mail) => `${mail.to.join(',')}: ${mail.subject}`);
      throw new Error(
        `No mail to ${to} within ${timeoutMs} ms. Captured so far:\n${seen.length ? seen.join('\n') : '(none)'}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

const decodeEntities = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&#x3D;/gi, '=')
    .replace(/&#61;/g, '=')
    .replace(/&quot;/g, '"');

/**
 * The first http(s) link in the mail whose path starts with `pathPrefix` (e.g. '/activate'), searching the text
 * body, then the html body. Throws if there is none.
 */
export const extractLink = (mail: Mail, pathPrefix = '/'): string => {
  for (const body of [mail.text, decodeEntities(mail.html)]) {
    for (const match of body.matchAll(/https?:\/\/[^\s"'<>()]+/g)) {
      const link = match[0].replace(/[.,;:!?]+$/, '');
      try {
        if (new URL(link).pathname.startsWith(pathPrefix)) return link;
      } catch {
        // not a URL after all
      }
    }
  }
  throw new Error(
    `No link with path ${pathPrefix}… in the mail "${mail.subject}".\n${mail.text || mail.html}`,
  );
};
