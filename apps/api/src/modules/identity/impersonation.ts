import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditLog, customers } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { ACT_FOR_CUSTOMER, holds } from '../../lib/roles.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface AuditSubject {
  adminSubject: string;
  adminEmail: string | undefined;
  customerPartyId: string | undefined;
}

/** Requests made by an admin naming a customer; written to the audit log once answered. */
const pending = new WeakMap<FastifyRequest, AuditSubject>();

/**
 * X-Impersonate names the customer an admin acts for (party id or e-mail). It needs the permission
 * access:impersonate (403 otherwise) and a customer that exists (404 otherwise). Every such request,
 * allowed or refused, is recorded.
 */
export async function resolveImpersonation(
  app: FastifyInstance,
  request: FastifyRequest,
  admin: { userId: string; permissions: string[]; claims: Record<string, unknown> },
): Promise<string | undefined> {
  const header = request.headers['x-impersonate'];
  const given = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!given) return undefined;
  const audit: AuditSubject = {
    adminSubject: admin.userId,
    adminEmail: typeof admin.claims.email === 'string' ? admin.claims.email : undefined,
    customerPartyId: undefined,
  };
  pending.set(request, audit);
  if (!holds(admin, ACT_FOR_CUSTOMER)) throw forbidden();
  const where = UUID.test(given)
    ? eq(customers.partyId, given)
    : sql`lower(${customers.email}) = ${given.toLowerCase()}`;
  const [customer] = await app.services.db
    .select({ partyId: customers.partyId })
    .from(customers)
    .where(where);
  if (!customer) throw notFound('No customer has that id');
  audit.customerPartyId = customer.partyId;
  return customer.partyId;
}

/**
 * Writes the audit entry of every impersonated request (append-only table) before its answer is sent, so a
 * staff action is never answered without its entry (a reader right after the answer finds it). A reply that
 * bypasses sending (hijacked, a stream) is written when it has been answered instead.
 */
export function registerAuditTrail(app: FastifyInstance) {
  const write = async (request: FastifyRequest, statusCode: number) => {
    const audit = pending.get(request);
    if (!audit) return;
    pending.delete(request);
    try {
      await app.services.db.insert(auditLog).values({
        id: randomUUID(),
        ...audit,
        action: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
        target: request.url.split('?')[0] ?? request.url,
        outcomeStatus: statusCode,
        requestId: request.id,
        createdAt: app.services.clock.now(),
      });
    } catch (err) {
      request.log.error({ err }, 'audit log write failed');
    }
  };
  // Synchronous unless the request is an impersonated one (most are not; these run on every request).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!pending.has(request)) return done(null, payload);
    write(request, reply.statusCode).then(() => done(null, payload), done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (!pending.has(request)) return done();
    write(request, reply.statusCode).then(() => done(), done);
  });
}
