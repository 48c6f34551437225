/** Outgoing e-mail (implemented by the auth/mail module). */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
}

export interface Mailer {
  /** Sends through the account's e-mail account, else SMTP_URL, else writes DATA_DIR/mail/*.eml. */
  send(clientAccountId: string | undefined, message: MailMessage): Promise<void>;
}
