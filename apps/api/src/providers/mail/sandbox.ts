import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { MailProvider } from './mail-provider.ts';

/**
 * The sandbox builds every e-mail exactly as SMTP would (nodemailer's stream transport gives the raw
 * RFC 822 message) and sends nothing; the outbox keeps it and the development page shows it.
 * SMS are recorded as they would be handed to an SMS gateway.
 */
export function sandboxMailProvider(from: string): MailProvider {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    name: 'sandbox',
    async send(message) {
      if (message.channel === 'sms') {
        return { providerMessageId: `sms_${randomUUID()}`, rendered: `To: ${message.to}\n\n${message.text}` };
      }
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments,
      });
      return { providerMessageId: info.messageId, rendered: (info.message as Buffer).toString('utf8') };
    },
  };
}
