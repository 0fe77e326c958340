import type { Brand } from '@forecourt/contracts';
import type { Env } from '../config/env.ts';
import type { MailProvider } from './mail/mail-provider.ts';
import { sandboxMailProvider } from './mail/sandbox.ts';
import { smtpMailProvider } from './mail/smtp.ts';

/** Every outside service, each behind its own interface; sandbox unless configured otherwise (DESIGN.md §6). */
export interface Providers {
  mail: MailProvider;
}

export function createProviders(env: Env, brand: Brand): Providers {
  const from = `${brand.name} <${brand.contact.email}>`;
  return {
    mail: env.SMTP_URL ? smtpMailProvider(env.SMTP_URL, from) : sandboxMailProvider(from),
  };
}
