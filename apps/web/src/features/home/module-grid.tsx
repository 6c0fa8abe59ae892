import type { HomeModule } from '@kaoshi/contract';
import styles from './home.module.css';

/** Tile colours, picked by the module id so a module keeps its colour. */
const PALETTE = ['#4f8ef7', '#22b07d', '#f5a623', '#e8684a', '#8c6cf2', '#17a2b8', '#ef5da8', '#5b8c00'];

export function tileColor(id: string): string {
  let h = 0;
  for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length]!;
}

interface Props {
  modules: readonly HomeModule[];
  redDots: readonly string[];
  /** A count on a tile (速记: the cards due today), by module id. */
  badges?: Readonly<Record<string, number>>;
  onOpen: (m: HomeModule) => void;
}

/** The home grid: one tile per module with a glyph, its name, a lock when closed, a count (速记's due cards) or a red dot when new. */
export function ModuleGrid({ modules, redDots, badges = {}, onOpen }: Props) {
  return (
    <ul className={styles.grid}>
      {modules.map((m) => {
        const dot = redDots.includes(m.id);
        const count = badges[m.id] ?? 0;
        const locked = !m.allowed && !m.opensHub;
        const state = `${locked ? '（未开通）' : ''}${dot ? '（有更新）' : ''}${count > 0 ? `（今日待复习 ${count}）` : ''}`;
        return (
          <li key={m.id}>
            <button type="button" className={styles.tile} onClick={() => onOpen(m)}>
              <span className={styles.tileIcon} style={{ background: tileColor(m.id) }} aria-hidden="true">
                {Array.from(m.name)[0] ?? ''}
                {count > 0 ? (
                  <span className={styles.countBadge} data-testid={`badge-${m.id}`} aria-hidden="true">
                    {count > 99 ? '99+' : count}
                  </span>
                ) : dot ? (
                  <span className={styles.redDot} data-testid={`red-dot-${m.id}`} />
                ) : null}
                {locked ? (
                  <span className={styles.lock} data-testid={`lock-${m.id}`}>
                    <svg viewBox="0 0 16 16" width="10" height="10">
                      <rect x="3" y="7" width="10" height="8" rx="1.5" fill="currentColor" />
                      <path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="1.8" />
                    </svg>
                  </span>
                ) : null}
              </span>
              <span className={styles.tileName}>{m.name}</span>
              {/* The state, for screen readers (the lock and the dot say it to the eye). */}
              {state ? <span className="ks-visually-hidden">{state}</span> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
