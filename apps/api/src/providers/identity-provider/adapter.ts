import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { oidcModels } from '../../db/schema/index.ts';

type Payload = Record<string, unknown> & { grantId?: string; userCode?: string; uid?: string };

/**
 * oidc-provider's storage adapter over one table: sessions, interactions, grants, authorization codes,
 * refresh tokens ... each stored as a JSON document keyed by (model, id), with an expiry.
 */
export function databaseAdapter(db: Db) {
  return class DatabaseAdapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: Payload, expiresIn?: number) {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const row = {
        model: this.model,
        id,
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt,
      };
      await db
        .insert(oidcModels)
        .values(row)
        .onConflictDoUpdate({
          target: [oidcModels.model, oidcModels.id],
          set: { payload, grantId: row.grantId, userCode: row.userCode, uid: row.uid, expiresAt },
        });
    }

    private async findWhere(where: ReturnType<typeof eq>) {
      const [row] = await db
        .select()
        .from(oidcModels)
        .where(and(eq(oidcModels.model, this.model), where))
        .limit(1);
      if (!row) return undefined;
      if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return undefined;
      return {
        ...row.payload,
        ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
      };
    }

    find(id: string) {
      return this.findWhere(eq(oidcModels.id, id));
    }

    findByUid(uid: string) {
      return this.findWhere(eq(oidcModels.uid, uid));
    }

    findByUserCode(userCode: string) {
      return this.findWhere(eq(oidcModels.userCode, userCode));
    }

    async consume(id: string) {
      await db
        .update(oidcModels)
        .set({ consumedAt: new Date() })
        .where(and(eq(oidcModels.model, this.model), eq(oidcModels.id, id)));
    }

    async destroy(id: string) {
      await db.delete(oidcModels).where(and(eq(oidcModels.model, this.model), eq(oidcModels.id, id)));
    }

    async revokeByGrantId(grantId: string) {
      await db.delete(oidcModels).where(eq(oidcModels.grantId, grantId));
    }
  };
}
