import { z } from 'zod';

/** Largest upload a company may allow, in MB (the server's own ceiling). */
export const maxFileMbCeiling = 100;
export const defaultMaxFileMb = 10;

/** A company's office settings as the API returns them (the gateway token is never returned). */
export interface OfficeSettingsView {
  readonly maxFileMb: number;
  readonly smsGatewayUrl: string | null;
  readonly smsSender: string | null;
  readonly hasSmsGatewayToken: boolean;
}

/** PUT OfficeSettings: what a super user may change; an empty token keeps the stored one. */
export const officeSettingsInput = z.object({
  maxFileMb: z.coerce
    .number({ error: 'invalidValue' })
    .int({ error: 'invalidValue' })
    .min(1, { error: 'minValue' })
    .max(maxFileMbCeiling, { error: 'maxValue' })
    .optional(),
  smsGatewayUrl: z
    .union([
      z.literal(''),
      z.null(),
      z.url({ protocol: /^https?$/, error: 'invalidValue' }).max(1000, { error: 'maxLength' }),
    ])
    .optional(),
  smsGatewayToken: z.string().max(2000, { error: 'maxLength' }).optional(),
  smsSender: z.union([z.null(), z.string().trim().max(32, { error: 'maxLength' })]).optional(),
});
export type OfficeSettingsInput = z.infer<typeof officeSettingsInput>;
