/** Outgoing e-mail (implemented by the auth/mail module). */
export interface MailMessage {
  /** One address, or several separated by commas. */
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  readonly attachments?: readonly MailAttachment[];
}

export interface MailAttachment {
  readonly filename: string;
  readonly content: Buffer;
  readonly contentType: string;
}

/** How a message left: through the company's account, the server's SMTP_URL, or as an .eml file (no SMTP). */
export interface MailDelivery {
  readonly via: 'account' | 'server' | 'file';
  /** The sender the message carried. */
  readonly from: string;
}

/** A company e-mail account's SMTP settings (the emailAccount resource). */
export interface EmailAccountSettings {
  readonly smtpServer: string;
  readonly port: number;
  readonly secure: boolean;
  readonly login: string | null;
  readonly password: string | null;
  readonly sender: string;
}

export interface Mailer {
  /** Sends through the account's e-mail account, else SMTP_URL, else writes DATA_DIR/mail/*.eml. */
  send(clientAccountId: string | undefined, message: MailMessage): Promise<MailDelivery>;
  /** Sends through one given e-mail account (its "send test message"); a refusal is thrown. */
  sendWithAccount(account: EmailAccountSettings, message: MailMessage): Promise<MailDelivery>;
}
