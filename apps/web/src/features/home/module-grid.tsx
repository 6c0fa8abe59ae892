import type { HomeModule } from '@kaoshi/contract';
import styles from './home.module.css';

/** Tile colours, picked by the module id so a module keeps its colour. */
const PALETTE = ['#4f8ef7', '#22b07d', '#f5a623', '#e8684a', '#8c6cf2', '#17a2b8', '#ef5da8', '#5b8c00'];

export function tileColor(id: string): string {
  let h = 0;
  for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length]!;
}

/** Today's cards of a tile (速记): reviews due and new cards still allowed today, never added together. */
export interface TileCards {
  due: number;
  fresh: number;
}

interface Props {
  modules: readonly HomeModule[];
  redDots: readonly string[];
  /** Today's cards on a tile (速记), by module id. */
  cards?: Readonly<Record<string, TileCards>>;
  onOpen: (m: HomeModule) => void;
}

const upTo99 = (n: number) => (n > 99 ? '99+' : String(n));

/**
 * The home grid: one tile per module with a glyph, its name, a lock when closed, today's cards (速记: the due reviews
 * in red, else the new cards in blue as 新N) or a red dot when new.
 */
export function ModuleGrid({ modules, redDots, cards = {}, onOpen }: Props) {
  return (
    <ul className={styles.grid}>
      {modules.map((m) => {
        const dot = redDots.includes(m.id);
        const today = cards[m.id];
        const work = today !== undefined && today.due + today.fresh > 0;
        const locked = !m.allowed && !m.opensHub;
        const state = `${locked ? '（未开通）' : ''}${dot ? '（有更新）' : ''}${work ? `（今日待复习 ${today.due} · 新卡 ${today.fresh}）` : ''}`;
        return (
          <li key={m.id}>
            <button type="button" className={styles.tile} onClick={() => onOpen(m)}>
              <span className={styles.tileIcon} style={{ background: tileColor(m.id) }} aria-hidden="true">
                {Array.from(m.name)[0] ?? ''}
                {work ? (
                  today.due > 0 ? (
                    <span className={styles.countBadge} data-testid={`badge-${m.id}`}>
                      {upTo99(today.due)}
                    </span>
                  ) : (
                    <span className={`${styles.countBadge} ${styles.freshBadge}`} data-testid={`badge-${m.id}`}>
                      {`新${upTo99(today.fresh)}`}
                    </span>
                  )
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
