import { eq } from 'drizzle-orm';
import { hasAccess } from '../../domain/auth/claims';
import { AppError } from '../../domain/errors';
import {
  defaultMaxFileMb,
  type OfficeSettingsInput,
  type OfficeSettingsView,
} from '../../domain/office/officeSettings';
import type { AppContext } from '../context';
import type { Scope } from '../resources/scope';
import { officeSettings } from './officeTables';
import { openSecret, sealSecret } from './secrets';

type SettingsRow = typeof officeSettings.$inferSelect;

/** An SMS gateway to send through: the company's own, else the server's (SMS_GATEWAY_URL). */
export interface GatewaySettings {
  readonly url: string;
  readonly token: string;
  readonly sender: string | null;
}

/** A company's office settings (GET/PUT /api/OfficeSettings); a company that never saved any has the defaults. */
export class OfficeSettingsService {
  constructor(private readonly ctx: AppContext) {}

  private async row(clientAccountId: string): Promise<SettingsRow | undefined> {
    const [row] = await this.ctx.db
      .select()
      .from(officeSettings)
      .where(eq(officeSettings.clientAccountId, clientAccountId));
    return row;
  }

  private view(row: SettingsRow | undefined): OfficeSettingsView {
    return {
      maxFileMb: row?.maxFileMb ?? defaultMaxFileMb,
      smsGatewayUrl: row?.smsGatewayUrl ?? null,
      smsSender: row?.smsSender ?? null,
      hasSmsGatewayToken: Boolean(row?.smsGatewayToken),
    };
  }

  /** Any staff user of the company reads them (the upload screens show the limit). */
  async get(scope: Scope): Promise<OfficeSettingsView> {
    if (scope.contractorId !== null) throw new AppError('forbidden');
    return this.view(await this.row(scope.clientAccountId));
  }

  async maxFileBytes(clientAccountId: string): Promise<{ bytes: number; mb: number }> {
    const mb = (await this.row(clientAccountId))?.maxFileMb ?? defaultMaxFileMb;
    return { bytes: mb * 1024 * 1024, mb };
  }

  async gateway(clientAccountId: string): Promise<GatewaySettings | undefined> {
    const row = await this.row(clientAccountId);
    if (row?.smsGatewayUrl)
      return {
        url: row.smsGatewayUrl,
        token: openSecret(this.ctx.config.office.secretsKey, row.smsGatewayToken) ?? '',
        sender: row.smsSender,
      };
    const server = this.ctx.config.office.smsGateway;
    return server ? { ...server, sender: row?.smsSender ?? null } : undefined;
  }

  /** Super users change them; the token is sealed at rest and an empty one keeps the stored token. */
  async update(scope: Scope, input: OfficeSettingsInput): Promise<OfficeSettingsView> {
    if (!hasAccess(scope.claims, 'super')) throw new AppError('forbidden');
    const values: Partial<typeof officeSettings.$inferInsert> = { updatedAt: new Date() };
    if (input.maxFileMb !== undefined) values.maxFileMb = input.maxFileMb;
    if (input.smsGatewayUrl !== undefined) values.smsGatewayUrl = input.smsGatewayUrl || null;
    if (input.smsSender !== undefined) values.smsSender = input.smsSender || null;
    if (input.smsGatewayToken)
      values.smsGatewayToken = sealSecret(this.ctx.config.office.secretsKey, input.smsGatewayToken);
    const [row] = await this.ctx.db
      .insert(officeSettings)
      .values({ clientAccountId: scope.clientAccountId, ...values })
      .onConflictDoUpdate({ target: officeSettings.clientAccountId, set: values })
      .returning();
    return this.view(row);
  }
}
