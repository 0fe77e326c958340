import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sandboxCardSessions, sandboxCardTokens } from '../../db/schema/index.ts';
import type { SandboxCardPayments } from './sandbox.ts';
import { type CardForm, submitSandboxCheckout } from './sandbox-checkout.ts';
import { esc, field, formatPence, sandboxPage } from './sandbox-html.ts';
import { luhnValid, TEST_CARDS } from './test-cards.ts';
import { sandboxId } from './webhook-delivery.ts';

const testCardHint = `<div class="hint">Test cards: <code>4242 4242 4242 4242</code> succeeds,
<code>4000 0000 0000 0002</code> is declined, <code>4000 0000 0000 9995</code> has insufficient funds,
<code>4000 0000 0000 5126</code> pays but a refund to it fails the next working day.
Any future expiry date, any 3-digit security code.</div>`;

type Session = typeof sandboxCardSessions.$inferSelect;

function checkoutPage(s: Session, form: CardForm = {}, errors: Record<string, string> = {}) {
  const heading =
    s.mode === 'payment'
      ? `<p class="muted">${esc(s.lineItem.name)}</p><div class="amount">${formatPence(s.amountPence ?? 0)}</div>`
      : `<p class="muted">${esc(s.lineItem.name ?? 'Save a card for future payments')}</p>`;
  return sandboxPage(
    'Pay by card',
    `<h1>${s.mode === 'payment' ? 'Pay by card' : 'Save your card'}</h1>${heading}
${Object.keys(errors).length ? '<div class="alert" role="alert">Please check your card details.</div>' : ''}
<form method="post" action="/sandbox/card/checkout/${esc(s.id)}" novalidate>
${field('name', 'Name on card', form.name, errors.name, 'autocomplete="cc-name"')}
${field('cardNumber', 'Card number', form.cardNumber, errors.cardNumber, 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234"')}
<div class="row"><div>${field('expiry', 'Expiry (MM / YY)', form.expiry, errors.expiry, 'placeholder="MM / YY" autocomplete="cc-exp"')}</div>
<div>${field('cvc', 'Security code', form.cvc, errors.cvc, 'inputmode="numeric" autocomplete="cc-csc" placeholder="CVC"')}</div></div>
${field('postalCode', 'Billing postcode', form.postalCode, errors.postalCode, 'autocomplete="postal-code"')}
<button type="submit">${s.mode === 'payment' ? `Pay ${formatPence(s.amountPence ?? 0)}` : 'Save card'}</button>
</form>
<p><a href="/sandbox/card/checkout/${esc(s.id)}/cancel">Cancel and return</a></p>${testCardHint}`,
  );
}

const gone = () =>
  sandboxPage(
    'Session expired',
    '<h1>This payment page has expired</h1><p>Please go back and try again.</p>',
  );

/** The sandbox card provider's hosted pages: checkout and a virtual terminal that makes phone tokens. */
export async function sandboxCardRoutes(app: FastifyInstance, provider: SandboxCardPayments) {
  const load = async (id: string) => {
    const [s] = await app.services.db
      .select()
      .from(sandboxCardSessions)
      .where(eq(sandboxCardSessions.id, id));
    return s && s.expiresAt > app.services.clock.now() && s.status !== 'expired' ? s : undefined;
  };

  app.get<{ Params: { id: string } }>(
    '/sandbox/card/checkout/:id',
    { schema: { hide: true } },
    async (req, reply) => {
      const s = await load(req.params.id);
      reply.type('text/html; charset=utf-8');
      if (!s) return reply.status(404).send(gone());
      if (s.status !== 'open') {
        return reply.send(
          sandboxPage(
            'Payment complete',
            `<h1>This session is complete</h1><p><a href="${esc(s.successUrl.replace('{CHECKOUT_SESSION_ID}', s.id))}">Return to the merchant</a></p>`,
          ),
        );
      }
      return reply.send(checkoutPage(s));
    },
  );

  app.post<{ Params: { id: string }; Body: CardForm }>(
    '/sandbox/card/checkout/:id',
    { schema: { hide: true } },
    async (req, reply) => {
      const form = (req.body ?? {}) as CardForm;
      const result = await submitSandboxCheckout(provider, req.params.id, form, req.log);
      if (result.kind === 'redirect') return reply.redirect(result.url, 303);
      reply.type('text/html; charset=utf-8');
      if (result.kind === 'missing') return reply.status(404).send(gone());
      const s = await load(req.params.id);
      return reply.status(400).send(checkoutPage(s!, form, result.errors));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/sandbox/card/checkout/:id/cancel',
    { schema: { hide: true } },
    async (req, reply) => {
      const s = await load(req.params.id);
      if (!s) return reply.status(404).type('text/html; charset=utf-8').send(gone());
      return reply.redirect(s.cancelUrl.replace('{CHECKOUT_SESSION_ID}', s.id), 303);
    },
  );

  const terminal = (token?: string, error?: string, cardNumber?: string) =>
    sandboxPage(
      'Virtual terminal',
      `<h1>Virtual terminal</h1><p class="muted">Key in the card a customer reads out on the phone to get a
single-use token, valid for 10 minutes.</p>
${token ? `<div class="alert" style="background:#e6f4ea;color:#14532d">Token: <code id="token">${esc(token)}</code></div>` : ''}
<form method="post" action="/sandbox/card/terminal">${field('cardNumber', 'Card number', cardNumber, error, 'inputmode="numeric"')}
<button type="submit">Make token</button></form>${testCardHint}`,
    );
  app.get('/sandbox/card/terminal', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/html; charset=utf-8').send(terminal()),
  );
  app.post<{ Body: { cardNumber?: string } }>(
    '/sandbox/card/terminal',
    { schema: { hide: true } },
    async (req, reply) => {
      const number = String(req.body?.cardNumber ?? '').replace(/[\s-]/g, '');
      reply.type('text/html; charset=utf-8');
      const card = TEST_CARDS[number];
      if (!luhnValid(number) || !card) {
        return reply
          .status(400)
          .send(terminal(undefined, 'Use one of the test cards.', req.body?.cardNumber));
      }
      const id = sandboxId('tok_');
      await app.services.db.insert(sandboxCardTokens).values({
        id,
        cardLast4: number.slice(-4),
        outcome: card.outcome,
        createdAt: app.services.clock.now(),
      });
      return reply.send(terminal(id));
    },
  );
}
