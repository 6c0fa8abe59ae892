import type { CSSProperties } from 'react';
import { useNavigate } from 'react-router';
import type { CampaignPage } from '@kaoshi/contract';
import { hasScreen } from '../../lib/navigation';
import { safeInternalPath } from '../../lib/safe-path';
import styles from './guest.module.css';

type Section = CampaignPage['sections'][number];
type Item = Section['items'][number];

/** A page colour only from a #rrggbb value (it goes into a CSS variable). */
export const accentStyle = (color: string): CSSProperties | undefined => (/^#[0-9a-f]{6}$/i.test(color) ? ({ '--accent': color } as CSSProperties) : undefined);

/** An item's link when it is an in-app path of a screen that exists; else the row is not a button. */
const target = (link: string): string | null => {
  const to = safeInternalPath(link);
  return to && hasScreen(to.split(/[?#]/)[0]!) ? to : null;
};

function ItemBody({ item, style, index }: { item: Item; style: Section['style']; index: number }) {
  return (
    <>
      {style === 'steps' ? (
        <span className={styles.step} aria-hidden="true">
          {index + 1}
        </span>
      ) : null}
      {style === 'stats' ? <span className={styles.figure}>{item.label}</span> : null}
      <span className={styles.rowMain}>
        <span className={`${styles.rowTitle} ${styles.block}`}>{item.title}</span>
        <span className={`${styles.muted} ${styles.block}`}>{item.text}</span>
      </span>
      {style === 'list' && item.label ? <span className={styles.label}>{item.label}</span> : null}
    </>
  );
}

/** The sections and actions of a landing page: plain text only (never HTML), links in the app only. */
export function CampaignView({ page }: { page: CampaignPage }) {
  const navigate = useNavigate();
  return (
    <div className={styles.screen} style={accentStyle(page.color)}>
      <section className={styles.hero}>
        <p className={styles.badge}>{page.partner}</p>
        <h2 className={styles.title}>{page.title}</h2>
        <p className={styles.muted}>{page.subtitle}</p>
      </section>
      {page.sections.map((s) => (
        <section key={s.title} aria-label={s.title} className={styles.stack}>
          <h3 className={styles.sectionTitle}>{s.title}</h3>
          {s.body.map((p) => (
            <p key={p} className={styles.muted}>
              {p}
            </p>
          ))}
          <ul className={styles.list}>
            {s.items.map((item, i) => {
              const to = target(item.link);
              return (
                <li key={item.title}>
                  {to ? (
                    <button type="button" className={styles.row} onClick={() => void navigate(to)}>
                      <ItemBody item={item} style={s.style} index={i} />
                      <span className={styles.chevron} aria-hidden="true">
                        ›
                      </span>
                    </button>
                  ) : (
                    <div className={styles.rowStatic}>
                      <ItemBody item={item} style={s.style} index={i} />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      <div className={styles.actions}>
        {page.actions.map((a, i) => {
          const to = target(a.link);
          return to ? (
            <button key={a.label} type="button" className={i === 0 ? styles.primary : styles.secondary} onClick={() => void navigate(to)}>
              {a.label}
            </button>
          ) : null;
        })}
      </div>
      {page.note ? <p className={styles.note}>{page.note}</p> : null}
    </div>
  );
}
