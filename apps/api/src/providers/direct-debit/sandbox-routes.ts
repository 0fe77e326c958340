import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection.ts';
import { sandboxDdFlows } from '../../db/schema/index.ts';
import { esc, field, sandboxPage } from '../card-payments/sandbox-html.ts';

/** The sandbox's one valid bank account (GoCardless's sandbox documents the same). */
export const SANDBOX_SORT_CODE = '200000';
export const SANDBOX_ACCOUNT_NUMBER = '55779911';
/** A valid account whose Direct Debit payments all fail two working days after the charge date (ADR 204). */
export const SANDBOX_FAILING_ACCOUNT_NUMBER = '55779922';
/** A valid account whose payments are confirmed but whose refunds fail (the account closed meanwhile; ADR 305). */
export const SANDBOX_REFUND_FAILING_ACCOUNT_NUMBER = '55779933';
const VALID = [SANDBOX_ACCOUNT_NUMBER, SANDBOX_FAILING_ACCOUNT_NUMBER, SANDBOX_REFUND_FAILING_ACCOUNT_NUMBER];

type BankForm = { accountHolder?: string; sortCode?: string; accountNumber?: string };

function validate(form: BankForm) {
  const errors: Record<string, string> = {};
  const sortCode = (form.sortCode ?? '').replace(/[\s-]/g, '');
  const accountNumber = (form.accountNumber ?? '').replace(/\s/g, '');
  if ((form.accountHolder ?? '').trim().length < 2) errors.accountHolder = 'Enter the name on the account.';
  if (!/^\d{6}$/.test(sortCode)) errors.sortCode = 'Enter a 6-digit sort code, like 20-00-00.';
  if (!/^\d{6,8}$/.test(accountNumber)) errors.accountNumber = 'Enter an account number of 6 to 8 digits.';
  if (!Object.keys(errors).length && (sortCode !== SANDBOX_SORT_CODE || !VALID.includes(accountNumber))) {
    errors.accountNumber = 'The sort code and account number do not match a UK bank account.';
  }
  return { errors, accountNumber };
}

async function recordBankDetails(db: Db, flowId: string, form: BankForm, accountNumber: string) {
  await db
    .update(sandboxDdFlows)
    .set({
      status: 'completed_by_customer',
      accountHolder: form.accountHolder?.trim() ?? null,
      bankName: 'BARCLAYS BANK PLC',
      accountNumberEnding: accountNumber.slice(-2),
    })
    .where(and(eq(sandboxDdFlows.id, flowId), eq(sandboxDdFlows.status, 'created')));
}

/**
 * What the hosted page does when the customer sends their bank details, for callers without a browser (the
 * demo and test factory, ADR 190): the same validation, the same record. Returns the field errors, if any.
 */
export async function submitSandboxBankDetails(
  db: Db,
  flowId: string,
  form: BankForm,
): Promise<Record<string, string>> {
  const { errors, accountNumber } = validate(form);
  if (Object.keys(errors).length === 0) await recordBankDetails(db, flowId, form, accountNumber);
  return errors;
}

function page(id: string, description: string, form: BankForm = {}, errors: Record<string, string> = {}) {
  return sandboxPage(
    'Set up a Direct Debit',
    `<h1>Set up a Direct Debit</h1><p class="muted">${esc(description)}</p>
${Object.keys(errors).length ? '<div class="alert" role="alert">Please check your bank details.</div>' : ''}
<form method="post" action="/sandbox/gocardless/flows/${esc(id)}" novalidate>
${field('accountHolder', 'Account holder name', form.accountHolder, errors.accountHolder, 'autocomplete="name"')}
${field('sortCode', 'Sort code', form.sortCode, errors.sortCode, 'inputmode="numeric" placeholder="20-00-00"')}
${field('accountNumber', 'Account number', form.accountNumber, errors.accountNumber, 'inputmode="numeric"')}
<button type="submit">Set up Direct Debit</button></form>
<div class="hint">Sandbox bank account: sort code <code>20-00-00</code>, account number <code>55779911</code>
(<code>55779922</code>: payments fail two working days after they are due; <code>55779933</code>: refunds fail).
Payments are protected by the Direct Debit Guarantee.</div>`,
  );
}

/** The sandbox Direct Debit provider's hosted bank-details page. */
export async function sandboxDirectDebitRoutes(app: FastifyInstance) {
  const load = async (id: string) =>
    (await app.services.db.select().from(sandboxDdFlows).where(eq(sandboxDdFlows.id, id)))[0];

  app.get<{ Params: { id: string } }>(
    '/sandbox/gocardless/flows/:id',
    { schema: { hide: true } },
    async (req, reply) => {
      const flow = await load(req.params.id);
      reply.type('text/html; charset=utf-8');
      if (!flow) return reply.status(404).send(sandboxPage('Not found', '<h1>This link has expired</h1>'));
      if (flow.status !== 'created') {
        return reply.send(sandboxPage('Done', '<h1>Your Direct Debit has already been set up</h1>'));
      }
      return reply.send(page(flow.id, flow.description));
    },
  );

  app.post<{ Params: { id: string }; Body: BankForm }>(
    '/sandbox/gocardless/flows/:id',
    { schema: { hide: true } },
    async (req, reply) => {
      const flow = await load(req.params.id);
      if (!flow)
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .send(sandboxPage('Not found', '<h1>This link has expired</h1>'));
      const back = new URL(flow.successUrl);
      back.searchParams.set('redirect_flow_id', flow.id);
      if (flow.status !== 'created') return reply.redirect(back.toString(), 303);
      const form = (req.body ?? {}) as BankForm;
      const { errors, accountNumber } = validate(form);
      if (Object.keys(errors).length) {
        return reply
          .status(400)
          .type('text/html; charset=utf-8')
          .send(page(flow.id, flow.description, form, errors));
      }
      await recordBankDetails(app.services.db, flow.id, form, accountNumber);
      return reply.redirect(back.toString(), 303);
    },
  );
}
