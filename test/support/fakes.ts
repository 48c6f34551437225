import type { Mailer, MailMessage } from '../../server/mail/mailer';

/** A mailer that keeps what it was asked to send. */
export const recordingMailer = (): Mailer & { readonly sent: MailMessage[] } => {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(_account, message) {
      sent.push(message);
    },
  };
};
