import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where attachment bytes live (server/files/blobStore.ts). */
export type FileStoreConfig =
  | { readonly kind: 'disk'; readonly dir: string }
  | { readonly kind: 'memory' }
  | {
      readonly kind: 's3';
      /** e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000 (MinIO). */
      readonly endpoint: string;
      readonly bucket: string;
      readonly region: string;
      readonly accessKeyId: string;
      readonly secretAccessKey: string;
      /** Key prefix inside the bucket. */
      readonly prefix: string;
    };

/** Configuration of the office features: files, discussions' e-mails, SMS, stored secrets. */
export interface OfficeConfig {
  readonly files: FileStoreConfig;
  /** A participant who has not read a message for this long gets an e-mail. */
  readonly discussionMailDelayMs: number;
  /** How often the server looks for such participants (and other background work of the office). */
  readonly backgroundIntervalMs: number;
  /** The server-wide SMS gateway, used by companies without their own. */
  readonly smsGateway: { readonly url: string; readonly token: string } | undefined;
  /** 32-byte key (base64) that encrypts stored secrets (external credentials, gateway tokens). */
  readonly secretsKey: string;
}

const num = (v: string | undefined, fallback: number) =>
  v && Number.isFinite(Number(v)) && Number(v) >= 0 ? Number(v) : fallback;

/** The secrets key from OFFICE_SECRETS_KEY, else DATA_DIR/office-secrets.key (made on first start). */
const loadSecretsKey = (dataDir: string | undefined): string => {
  const fromEnv = process.env.OFFICE_SECRETS_KEY;
  if (fromEnv) {
    if (Buffer.from(fromEnv, 'base64').length !== 32)
      throw new Error('OFFICE_SECRETS_KEY must be 32 bytes in base64 (openssl rand -base64 32)');
    return fromEnv;
  }
  if (!dataDir) return randomBytes(32).toString('base64');
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'office-secrets.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(32).toString('base64');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
};

const filesFromEnv = (dataDir: string | undefined): FileStoreConfig => {
  const env = process.env;
  if (env.FILE_STORE === 's3')
    return {
      kind: 's3',
      endpoint: (env.S3_ENDPOINT ?? '').replace(/\/+$/, ''),
      bucket: env.S3_BUCKET ?? '',
      region: env.S3_REGION ?? 'us-east-1',
      accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
      prefix: env.S3_PREFIX ?? '',
    };
  const dir = env.FILES_DIR ?? (dataDir ? join(dataDir, 'files') : undefined);
  return dir ? { kind: 'disk', dir: resolve(dir) } : { kind: 'memory' };
};

/** From the environment (README, "Environment"); `given` wins (tests). */
export const loadOfficeConfig = (
  dataDir: string | undefined,
  given: Partial<OfficeConfig> = {},
): OfficeConfig => {
  const env = process.env;
  return {
    files: given.files ?? filesFromEnv(dataDir),
    discussionMailDelayMs: given.discussionMailDelayMs ?? num(env.DISCUSSION_MAIL_DELAY_MINUTES, 5) * 60_000,
    backgroundIntervalMs: given.backgroundIntervalMs ?? 60_000,
    smsGateway:
      'smsGateway' in given
        ? given.smsGateway
        : env.SMS_GATEWAY_URL
          ? { url: env.SMS_GATEWAY_URL, token: env.SMS_GATEWAY_TOKEN ?? '' }
          : undefined,
    secretsKey: given.secretsKey ?? loadSecretsKey(dataDir),
  };
};
