import type { LightMyRequestResponse } from 'fastify';
import type { TestUser } from '../../support/builders';
import type { TestApp } from '../../support/testApp';

export type ImportMode = 'preview' | 'allOrNothing' | 'skipBadRows';

/** Posts a file as the request body (as a script would) and, by default, waits for the import to end. */
export const postFile = (
  t: TestApp,
  who: TestUser,
  template: string,
  body: string | Buffer,
  options: { mode?: ImportMode; wait?: boolean; contentType?: string; fileName?: string } = {},
): Promise<LightMyRequestResponse> => {
  const query = new URLSearchParams({
    mode: options.mode ?? 'allOrNothing',
    wait: String(options.wait ?? true),
    ...(options.fileName ? { fileName: options.fileName } : {}),
  });
  return t.app.inject({
    method: 'POST',
    url: `/api/Import/${template}?${query}`,
    headers: { ...who.headers, 'content-type': options.contentType ?? 'text/csv' },
    payload: typeof body === 'string' ? Buffer.from(body) : body,
  });
};

/** A multipart body with one file part named `file`. */
export const multipartFile = (fileName: string, contentType: string, data: Buffer) => {
  const boundary = `----aisle${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
};

/** Lines of CSV text joined with CRLF. */
export const csv = (...lines: string[]): string => `${lines.join('\r\n')}\r\n`;
