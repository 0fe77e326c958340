/** Sends e-mail and SMS. Sandbox (default) renders and records; SMTP sends for real. */
export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject?: string | undefined;
  text: string;
  html?: string | undefined;
  attachments?: { filename: string; path?: string; content?: Buffer; contentType?: string }[];
}

export interface SentMessage {
  providerMessageId: string;
  /** The message as the provider rendered it (RFC 822 for e-mail), kept for the development outbox. */
  rendered: string;
}

export interface MailProvider {
  readonly name: string;
  send(message: OutgoingMessage): Promise<SentMessage>;
}
