import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { agents, type AgentRow, type NewAgentRow } from '../../db/schema/index.ts';

export function createAgentStore(db: Database) {
  return {
    async byCode(code: string): Promise<AgentRow | undefined> {
      const [row] = await db.select().from(agents).where(eq(agents.code, code));
      return row;
    },
    async bySubdomain(subdomain: string): Promise<AgentRow | undefined> {
      const [row] = await db.select().from(agents).where(eq(agents.subdomain, subdomain));
      return row;
    },
    /** Every agent, by code (the agent code list file). */
    async all(): Promise<AgentRow[]> {
      return db.select().from(agents).orderBy(asc(agents.code));
    },
    /** Insert agents that do not exist yet (by code); existing rows are left as they are. */
    async insertMissing(rows: NewAgentRow[]): Promise<void> {
      if (rows.length) await db.insert(agents).values(rows).onConflictDoNothing({ target: agents.code });
    },
  };
}

export type AgentStore = ReturnType<typeof createAgentStore>;
