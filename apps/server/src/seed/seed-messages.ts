import { readFileSync } from 'node:fs';
import { MESSAGE_KINDS } from '@kaoshi/contract';
import { z } from 'zod';
import type { Database } from '../db/index.ts';
import { markMessageRead, writeMessage } from '../modules/message/index.ts';
import { accountByLogin } from '../modules/user/index.ts';

const plain = z.string().refine((s) => !/<[a-z!/?]/i.test(s), 'must be plain text, not HTML');
const messagesFile = z.object({
  phone: z.string().regex(/^1[3-9]\d{9}$/),
  messages: z.array(
    z.object({
      key: z.string().regex(/^[a-z0-9-]+$/),
      kind: z.enum(MESSAGE_KINDS),
      title: plain.pipe(z.string().min(1).max(50)),
      body: plain.pipe(z.string().min(1).max(500)),
      link: z.union([z.literal(''), z.string().regex(/^\/[A-Za-z]/)]),
      hoursAgo: z
        .number()
        .int()
        .min(0)
        .max(24 * 365),
      read: z.boolean().default(false),
    }),
  ),
});

/**
 * The demo member's messages (content/demo/messages.json), so /myMessage is not empty in the demo: each written once
 * (dedupe 'demo:<phone>:<key>'), dated hours before `now`. Returns how many it added.
 */
export async function seedMessages(db: Database, contentDir: string, now: number): Promise<number> {
  const file = messagesFile.parse(JSON.parse(readFileSync(`${contentDir}messages.json`, 'utf8')));
  const member = await accountByLogin(db, file.phone);
  if (!member) return 0;
  let added = 0;
  for (const m of file.messages) {
    const at = new Date(now - m.hoursAgo * 3600_000);
    const id = await writeMessage(db, { userId: member.id, kind: m.kind, title: m.title, body: m.body, link: m.link, dedupe: `demo:${file.phone}:${m.key}`, at });
    if (id === null) continue;
    added++;
    if (m.read) await markMessageRead(db, member.id, id, at);
  }
  return added;
}
