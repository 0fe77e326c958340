import { todayInLondon } from '@forecourt/domain/dates';
import { sampleProposalData } from '@forecourt/domain/risk/sample';

/** Set-up calls of the benches (not measured): plain fetch from the bench process. */
export async function call(base: string, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
}

export interface BenchVisitor {
  token: string;
  code: string;
}

/** A visitor (anonymous session) with a complete proposal, rated. */
export async function visitorWithQuote(base: string): Promise<BenchVisitor> {
  const { accessToken } = await call(base, 'POST', '/api/session', undefined, {});
  const token = String(accessToken);
  const created = await call(base, 'POST', '/api/proposals', token, {
    schemeCode: 'FCMOTOR1',
    data: sampleProposalData(todayInLondon(new Date())),
  });
  const code = String(created.proposalCode);
  await call(base, 'PATCH', `/api/proposals/${code}`, token, { changes: [], applyRating: true });
  return { token, code };
}

/** A verified quote with an open sandbox card checkout: POSTing the card form to `checkoutUrl` binds it. */
export async function readyToBind(base: string) {
  const v = await visitorWithQuote(base);
  const verified = await call(base, 'PUT', `/api/proposals/${v.code}/verify`, v.token);
  if (!verified.isClear) throw new Error(`verification not clear: ${JSON.stringify(verified)}`);
  const payment = await call(base, 'POST', '/api/customerPayments/checkout/bind', v.token, {
    proposalCode: v.code,
  });
  const session = await call(base, 'POST', '/api/stripe/checkout', v.token, {
    paymentId: payment.paymentId,
    successUrl: `${base}/car-insurance/proposal/${v.code}/checkout/payment/callback`,
    cancelUrl: `${base}/car-insurance/proposal/${v.code}/checkout`,
    lineItem: { name: 'Car insurance' },
  });
  return { ...v, checkoutUrl: new URL(String(session.url)).pathname };
}

export const cardForm = new URLSearchParams({
  name: 'Sam Taylor',
  cardNumber: '4242424242424242',
  expiry: '12 / 34',
  cvc: '123',
  postalCode: 'LS1 5HD',
}).toString();

/** Runs `make` n times, `parallel` at once. */
export async function many<T>(n: number, parallel: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, n) }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await make(i);
      }
    }),
  );
  return out;
}
