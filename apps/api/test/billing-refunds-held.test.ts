import { afterEach, describe, expect, it } from 'vitest';
import { advanceSandboxCardRefunds } from '../src/providers/card-payments/sandbox.ts';
import { type BillingApp, billingApp, buySubscription, staffCancel } from './billing-helpers.ts';
import { api, rows, session } from './payments-helpers.ts';

/**
 * The finance team's list of money customers are owed back and did not get (ADR 411): a refund that failed
 * after it was made (the sandbox's card whose refunds fail, as Stripe's 4000 0000 0000 5126) is listed, with
 * the same amount the customer's own policy page shows as held; a refund that reached its card is not. Read by
 * staff with finance without acting for a customer; refused to anyone else. On PGlite and, through `npm run
 * test:postgres`, on PostgreSQL.
 */
let t: BillingApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const list = async (token: string | undefined) => {
  const res = await fetch(`${(t as BillingApp).base}/api/admin/refundsHeld`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>[] };
};

describe('money owed back that did not reach the customer, for the finance team (ADR 411)', {
  timeout: 120_000,
}, () => {
  it('lists a failed card refund once it is held, as the policy page shows it, and not a refund that reached the card', async () => {
    t = await billingApp('2027-01-20T12:00:00Z'); // Wednesday
    const app = t;
    const fails = await buySubscription(app, '2027-01-27', 'tok_refundFail');
    const reaches = await buySubscription(app, '2027-01-27');
    await staffCancel(app, fails);
    await staffCancel(app, reaches);
    // Both refunds are on their way: nothing is held yet.
    expect((await list('staff:')).body).toEqual([]);

    // The next working day the closed card's refund fails, and the provider tells the app (ADR 406, 409).
    app.at.set('2027-01-21T06:00:00Z');
    expect(await advanceSandboxCardRefunds(app.app.services)).toBe(1);
    const page = (await api(app.base, fails.staff, 'GET', `/api/policies/${fails.policyId}`)).body;
    expect(page.standing.payingBack).toMatchObject({ state: 'held', amount: fails.first, method: 'CARD' });
    expect(
      (await api(app.base, reaches.staff, 'GET', `/api/policies/${reaches.policyId}`)).body.standing
        .payingBack,
    ).toMatchObject({
      state: 'onItsWay',
    });

    const [reversal] = await rows(
      app,
      "SELECT effective_at FROM statement_line_items WHERE account_id = $1 AND type = 'refund_reversal'",
      [fails.accountId],
    );
    const held = await list('staff:');
    expect(held.status).toBe(200);
    expect(held.body).toEqual([
      {
        policyId: fails.policyId,
        policyNumber: page.policyNumber,
        policyStatus: 'CANCELLED',
        accountId: fails.accountId,
        partyId: fails.partyId,
        holderName: expect.stringMatching(/\S+ \S+/),
        email: expect.stringContaining('@'),
        amount: fails.first,
        method: 'CARD',
        since: (reversal as { effective_at: Date }).effective_at.toISOString(),
      },
    ]);
    // The same list for staff acting for a customer (any customer's: it is no customer's data alone).
    expect((await list(`staff:${reaches.partyId}`)).body).toEqual(held.body);

    // Anyone else is refused: staff without finance, a visitor, no token, a token that is not one, a visitor's
    // token tampered with (the access matrix tries the customers, the owner and another).
    expect((await list('clerk:')).status).toBe(403);
    expect((await list(`clerk:${fails.partyId}`)).status).toBe(403);
    expect((await list((await session(app.base)).token)).status).toBe(403);
    // The visitor's token the policy was bought with: its party is a customer's now, so the token is no longer good.
    expect((await fails.v.call('GET', '/api/admin/refundsHeld')).statusCode).toBe(401);
    expect((await list(undefined)).status).toBe(401);
    expect((await list('not-a-token')).status).toBe(401);
    const real = (await session(app.base)).token;
    const tampered = `${real.slice(0, -4)}${real.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    expect((await list(tampered)).status).toBe(401);

    // Bad input: the route takes none, and what is sent anyway changes nothing or is refused.
    const raw = (query: string) =>
      fetch(`${app.base}/api/admin/refundsHeld?${query}`, { headers: { authorization: 'Bearer staff:' } });
    expect((await raw('q=%00')).status).toBe(400);
    const huge = await raw(`amount=${'9'.repeat(4000)}`);
    expect([huge.status, await huge.json()]).toEqual([200, held.body]);
    // Twice at once: the same answer, and nothing changed by asking.
    const both = await Promise.all([list('staff:'), list('staff:')]);
    expect(both.map((b) => [b.status, b.body])).toEqual([
      [200, held.body],
      [200, held.body],
    ]);
  });
});
