import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outbox } from '../../db/schema/index.ts';
import { esc, layout } from '../../providers/identity-provider/pages.ts';

/**
 * /dev/outbox: the sandbox outbox in the browser, newest first, so a person can read a sign-in code
 * locally. Only registered outside production and only while mail goes to the sandbox.
 */
export function registerDevOutbox(app: FastifyInstance) {
  const { env, providers, brand } = app.services;
  if (env.NODE_ENV === 'production' || providers.mail.name !== 'sandbox') return;
  app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
    const rows = await app.services.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(50);
    const body = rows
      .filter((m) => m.channel !== 'event')
      .map(
        (m) => `<tr data-recipient="${esc(m.recipient ?? '')}"><td>${esc(m.createdAt.toISOString())}</td>
<td>${esc(m.channel)}</td><td class="recipient">${esc(m.recipient ?? '')}</td><td>${esc(m.subject ?? '')}</td>
<td><pre class="body">${esc(m.body)}</pre></td><td>${esc(m.status)}</td></tr>`,
      )
      .join('');
    const page = layout(
      brand,
      'Development outbox',
      `<h1>Development outbox</h1><p>E-mail and SMS the sandbox would have sent, newest first. Not available in production.</p>
<table><thead><tr><th>Time</th><th>Channel</th><th>To</th><th>Subject</th><th>Message</th><th>Status</th></tr></thead>
<tbody>${body || '<tr><td colspan="6">No messages yet.</td></tr>'}</tbody></table>`,
      { wide: true },
    );
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
  });
}
