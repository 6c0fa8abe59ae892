import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FaqTopic } from '@kaoshi/contract';
import { z } from 'zod';

/** The FAQ file (docs/help-feedback.md): content/demo/help/faq.json unless the server is given another. */
export const DEMO_FAQ_FILE = fileURLToPath(new URL('../../../../../content/demo/help/faq.json', import.meta.url));

const id = z.string().regex(/^[a-z0-9-]{1,40}$/);
const item = z.object({
  id,
  q: z.string().min(1).max(100),
  a: z.string().min(1).max(2000),
  /** Shown only to these agents' learners; every agent's when left out. */
  agents: z.array(z.string().regex(/^\d{1,12}$/)).optional(),
});
export const faqFile = z.object({
  version: z.number().int(),
  topics: z.array(z.object({ id, name: z.string().min(1).max(20), items: z.array(item) })).min(1),
});
export type FaqFile = z.infer<typeof faqFile>;

/** Reads and checks the FAQ file; a broken file stops the server at start with the place of the problem. */
export function loadFaq(file = DEMO_FAQ_FILE): FaqFile {
  const parsed = faqFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`FAQ file ${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const ids = parsed.data.topics.flatMap((t) => [t.id, ...t.items.map((i) => `${t.id}/${i.id}`)]);
  const twice = ids.find((v, i) => ids.indexOf(v) !== i);
  if (twice) throw new Error(`FAQ file ${file}: the id ${twice} is used twice`);
  return parsed.data;
}

/**
 * The FAQ an agent's learners see: items limited to other agents left out, topics left empty dropped, and `{store}`
 * replaced by the agent's store name. Answers are plain text (the web shows them as text, never as HTML).
 */
export function faqFor(faq: FaqFile, agent: { code: string; storeName: string }): FaqTopic[] {
  const fill = (s: string) => s.replaceAll('{store}', agent.storeName);
  return faq.topics
    .map((t) => ({
      id: t.id,
      name: t.name,
      items: t.items.filter((i) => !i.agents || i.agents.includes(agent.code)).map((i) => ({ id: i.id, q: fill(i.q), a: fill(i.a) })),
    }))
    .filter((t) => t.items.length > 0);
}
