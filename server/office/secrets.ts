import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets kept at rest encrypted (external services' passwords and tokens, SMS gateway tokens): AES-256-GCM
 * with the office key (OFFICE_SECRETS_KEY or DATA_DIR/office-secrets.key). Stored as `v1:<iv>.<tag>.<data>`
 * in base64url; a value that was tampered with, or sealed with another key, does not open.
 */
export const sealSecret = (keyBase64: string, plain: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(keyBase64, 'base64'), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1:${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${data.toString('base64url')}`;
};

/** The secret, or undefined when there is none or it cannot be opened with this key. */
export const openSecret = (keyBase64: string, sealed: unknown): string | undefined => {
  if (typeof sealed !== 'string' || !sealed.startsWith('v1:')) return undefined;
  const [iv, tag, data] = sealed.slice(3).split('.');
  if (!iv || !tag || data === undefined) return undefined;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      Buffer.from(keyBase64, 'base64'),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return undefined;
  }
};
