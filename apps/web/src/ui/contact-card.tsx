import type { AgentInfo } from '@kaoshi/contract';
import { weiXinContact } from '../lib/wechat-contact';
import { toast } from './dialogs';
import styles from './contact-card.module.css';

interface Contact {
  label: string;
  value: string;
  /** A tel: link for phone numbers; the others can be copied. */
  href?: string;
}

/** WeiXinContact is JSON: { WeiXinContact, WeiXinIndexContact } with 1 = 微信号, 2 = 微信公众号 (spec §3). */
export function parseWeChat(json: string): Contact | null {
  if (!json) return null;
  try {
    const parsed = weiXinContact.safeParse(JSON.parse(json));
    if (!parsed.success || !parsed.data.WeiXinContact.trim()) return null;
    const label = parsed.data.WeiXinIndexContact === 2 ? '微信公众号' : '微信号';
    return { label, value: parsed.data.WeiXinContact.trim() };
  } catch {
    return null;
  }
}

export function agentContacts(agent: Pick<AgentInfo, 'QQ' | 'TelePhone' | 'WeiXinContact'>): Contact[] {
  const list: Contact[] = [];
  const tel = agent.TelePhone.trim();
  if (tel) {
    const dial = tel.replace(/[^\d+]/g, '');
    list.push({ label: '客服电话', value: tel, href: dial ? `tel:${dial}` : undefined });
  }
  if (agent.QQ.trim()) list.push({ label: '客服QQ', value: agent.QQ.trim() });
  const wechat = parseWeChat(agent.WeiXinContact);
  if (wechat) list.push(wechat);
  return list;
}

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast('已复制');
  } catch {
    toast('复制失败，请长按手动复制');
  }
}

/** The tenant's contact details (QQ, telephone, WeChat); nothing when the agent has none. */
export function ContactCard({ agent }: { agent: AgentInfo }) {
  const contacts = agentContacts(agent);
  if (contacts.length === 0) return null;
  return (
    <section className={styles.card} aria-labelledby="contact-title">
      <h2 id="contact-title" className={styles.cardTitle}>
        联系客服
      </h2>
      <ul className={styles.contacts}>
        {contacts.map((c) => (
          <li key={c.label} className={styles.contact}>
            <span className={styles.contactLabel}>{c.label}</span>
            <span className={styles.contactValue}>{c.value}</span>
            {c.href ? (
              <a className={styles.contactAction} href={c.href}>
                拨打
              </a>
            ) : (
              <button type="button" className={styles.contactAction} aria-label={`复制${c.label}`} onClick={() => void copy(c.value)}>
                复制
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
