import { randomUUID } from 'node:crypto';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { outbox } from '../db/schema/index.ts';
import type { MailProvider } from '../providers/mail/mail-provider.ts';

export interface OutboxMessage {
  channel: 'email' | 'sms' | 'event';
  recipient?: string;
  subject?: string;
  body: string;
  payload?: Record<string, unknown>;
}

/** Writes a message in the caller's transaction; the dispatcher job delivers it after commit. */
export async function enqueue(db: Db, message: OutboxMessage): Promise<string> {
  const id = randomUUID();
  await db.insert(outbox).values({
    id,
    channel: message.channel,
    recipient: message.recipient ?? null,
    subject: message.subject ?? null,
    body: message.body,
    payload: message.payload ?? {},
  });
  return id;
}

const MAX_ATTEMPTS = 5;

/** Delivers pending e-mail and SMS through the mail provider. Events are left for their consumers. */
export async function dispatchOutbox(
  db: Db,
  mail: MailProvider,
  now: Date,
): Promise<{ sent: number; failed: number }> {
  const pending = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), lt(outbox.attempts, MAX_ATTEMPTS)))
    .orderBy(asc(outbox.createdAt))
    .limit(50);
  let sent = 0;
  let failed = 0;
  for (const msg of pending) {
    if (msg.channel === 'event' || !msg.recipient) continue;
    try {
      const result = await mail.send({
        channel: msg.channel,
        to: msg.recipient,
        subject: msg.subject ?? undefined,
        text: msg.body,
        html: typeof msg.payload.html === 'string' ? msg.payload.html : undefined,
      });
      await db
        .update(outbox)
        .set({
          status: 'sent',
          sentAt: now,
          attempts: msg.attempts + 1,
          providerMessageId: result.providerMessageId,
          rendered: result.rendered,
        })
        .where(eq(outbox.id, msg.id));
      sent++;
    } catch (err) {
      const attempts = msg.attempts + 1;
      await db
        .update(outbox)
        .set({
          attempts,
          lastError: (err as Error).message,
          status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
        })
        .where(eq(outbox.id, msg.id));
      failed++;
    }
  }
  return { sent, failed };
}
