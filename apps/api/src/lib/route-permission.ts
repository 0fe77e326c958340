import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Caller } from './context.ts';
import { type Permission, requirePermission, requireStaffActingFor } from './roles.ts';

/** One permission, or several that must all be held. */
export type Permissions = Permission | readonly Permission[];

/** What a refusal says (the same words the service's own check gives). */
export interface Refusal {
  notStaff?: string;
  missing?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A staff route (issue 30 point 5): only staff holding this permission (all of them, when several) reach
     * the handler; no token 401, a customer or visitor 403, staff without it 403.
     */
    permission?: Permissions;
    /**
     * A customer's own route that staff may also call (impersonating the customer): customers and visitors
     * pass unasked (the route's own rules apply to them); a staff caller must hold this permission.
     */
    staffPermission?: Permissions;
    /**
     * Staff act for a customer on this route (X-Impersonate, which needs access:impersonate): staff acting
     * for nobody are refused with 403, as `requireStaffActingFor` refuses them.
     */
    actingForCustomer?: boolean;
    /** The words of a refusal, as the service's own check says them. */
    refusal?: Refusal;
  }
  interface FastifyInstance {
    /** Every route's declared access, by `METHOD /path` as declared (read by the access matrix). */
    routePermissions: Map<string, RouteAccess>;
  }
}

/** What a route declares about staff: who the check applies to, what it needs, what a refusal says. */
export interface RouteAccess {
  /** 'staff': a staff-only route (`permission`); 'staff caller': a customer route staff may use (`staffPermission`). */
  appliesTo: 'staff' | 'staff caller';
  permissions: readonly Permission[];
  actingForCustomer: boolean;
  refusal: Refusal;
}

const listOf = (p: Permissions): readonly Permission[] => (typeof p === 'string' ? [p] : p);

/** The check a route's declaration makes of a caller: throws the 401/403 the services would throw. */
export function checkRouteAccess(access: RouteAccess, caller: Caller): void {
  if (access.appliesTo === 'staff caller' && caller.kind !== 'admin') return;
  if (access.actingForCustomer) requireStaffActingFor(caller, access.refusal.notStaff);
  for (const permission of access.permissions) requirePermission(caller, permission, access.refusal);
}

/**
 * Enforces each route's declared permission before its input is validated or its handler runs (after the
 * auth hook has named the caller), and collects the declarations into `app.routePermissions`. Register it
 * before the routes (it reads them as they are added). One declaration per route: it is both the check
 * and what the access matrix tests, so the two cannot drift.
 */
export function registerRoutePermissions(app: FastifyInstance) {
  app.decorate('routePermissions', new Map<string, RouteAccess>());
  app.addHook('onRoute', (route) => {
    const config = route.config;
    if (!config) return;
    const { permission, staffPermission, actingForCustomer = false, refusal = {} } = config;
    if (permission && staffPermission) {
      throw new Error(`${route.url}: declare permission (staff only) or staffPermission, not both`);
    }
    const declared = permission ?? staffPermission;
    if (!declared) {
      if (actingForCustomer) throw new Error(`${route.url}: actingForCustomer needs a permission`);
      return;
    }
    const access: RouteAccess = {
      appliesTo: permission ? 'staff' : 'staff caller',
      permissions: listOf(declared),
      actingForCustomer,
      refusal,
    };
    for (const method of [route.method].flat())
      if (method !== 'HEAD') app.routePermissions.set(`${method} ${route.url}`, access);
    // The check runs on the declaring routes only, after the auth hook has named the caller and before the
    // input is validated; the other routes pay nothing for it.
    const check = async (request: FastifyRequest) => checkRouteAccess(access, request.caller);
    route.preValidation = [check, ...[route.preValidation ?? []].flat()];
  });
}
