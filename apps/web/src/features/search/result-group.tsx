import { Highlighted } from '../../entities/study/question-answer';
import type { SearchGroup, SearchItem } from './api';
import styles from './search.module.css';
import { CHINA_TIME_ZONE } from '../../lib/china-time';

const LIVE_TIME = new Intl.DateTimeFormat('zh-CN', { timeZone: CHINA_TIME_ZONE, month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });

/** The item's second line: where it lives, and a live session's start. */
function meta(group: SearchGroup, item: SearchItem): string {
  if (group.kind === 'live' && item.extra) {
    const at = new Date(item.extra);
    return Number.isNaN(at.getTime()) ? item.where : `${LIVE_TIME.format(at)} · ${item.where}`;
  }
  return item.where;
}

/** One group of results: its name and count, the items (plain text, each word marked), 查看全部 and the locked note. */
export function ResultGroup({
  group,
  terms,
  onOpen,
  onMore,
  onUnlock,
}: {
  group: SearchGroup;
  /** The words searched for (the reply's `terms`), each marked. */
  terms: readonly string[];
  onOpen: (item: SearchItem) => void;
  onMore?: () => void;
  onUnlock: () => void;
}) {
  const id = `group-${group.kind}`;
  return (
    <section className={styles.group} aria-labelledby={id} data-testid={id}>
      <div className={styles.groupHead}>
        <h2 id={id} className={styles.groupTitle}>
          {group.name}
          <span className={styles.count}>{group.total}</span>
        </h2>
        {onMore ? (
          <button type="button" className={styles.linkButton} onClick={onMore} aria-label={`查看全部${group.total}个${group.name}`}>
            查看全部 ›
          </button>
        ) : null}
      </div>
      {group.items.length > 0 ? (
        <ul className={styles.items}>
          {group.items.map((item) => (
            <li key={item.id}>
              <button type="button" className={styles.item} onClick={() => onOpen(item)}>
                <span className={styles.itemTitle}>
                  <Highlighted text={item.title} keyword={terms} />
                </span>
                {item.excerpt ? (
                  <span className={styles.excerpt}>
                    <Highlighted text={item.excerpt} keyword={terms} />
                  </span>
                ) : null}
                <span className={styles.meta}>
                  {meta(group, item)}
                  {item.access === 'preview' ? <span className={styles.tagPreview}>试看</span> : null}
                  {item.access === 'locked' ? <span className={styles.tagLocked}>🔒 需开通</span> : null}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {group.hidden > 0 ? (
        <button type="button" className={styles.hidden} onClick={onUnlock}>
          {`另有 ${group.hidden} 道${group.name}在未开通的章节中，开通班次后可查看`}
        </button>
      ) : null}
    </section>
  );
}
