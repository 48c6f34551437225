import type { Mailer, MailMessage } from '../../server/mail/mailer';

/** A mailer that keeps what it was asked to send (through the server's mail, or through a given account). */
export const recordingMailer = (): Mailer & { readonly sent: MailMessage[] } => {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(_account, message) {
      sent.push(message);
      return { via: 'server', from: 'Aisle <no-reply@aisle.local>' };
    },
    async sendWithAccount(account, message) {
      sent.push(message);
      return { via: 'account', from: account.sender };
    },
  };
};
