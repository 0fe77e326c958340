import nodemailer from 'nodemailer';
import type { MailProvider } from './mail-provider.ts';

/** Real delivery over SMTP (SMTP_URL, e.g. smtps://user:pass@smtp.example.com). SMS need a gateway adapter. */
export function smtpMailProvider(url: string, from: string): MailProvider {
  const transport = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(message) {
      if (message.channel === 'sms')
        throw new Error('SMS delivery needs an SMS gateway adapter; none is configured');
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments,
      });
      return { providerMessageId: info.messageId, rendered: info.response };
    },
  };
}
