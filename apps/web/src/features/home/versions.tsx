import { useEffect, useRef } from 'react';
import { opensText, type VersionItem } from './versions-api';
import { versionLabel } from '../../ui/buy-flow';
import styles from '../../ui/versions.module.css';

interface Props {
  versions: readonly VersionItem[];
  /** posSlide: this version is highlighted and scrolled into view. */
  highlight?: string | null;
}

/** One card per version: its name, '已开通' when held, and the modules it opens. */
export function VersionCards({ versions, highlight }: Props) {
  const marked = useRef<HTMLLIElement | null>(null);
  useEffect(() => {
    marked.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [highlight, versions.length]);

  return (
    <ul className={styles.versions} aria-label="班次">
      {versions.map((v) => {
        const on = v.vn === highlight;
        return (
          <li
            key={v.vn}
            ref={on ? marked : undefined}
            className={`${styles.version} ${on ? styles.versionOn : ''}`}
            aria-current={on ? 'true' : undefined}
            data-testid={`version-${v.vn}`}
          >
            <div className={styles.versionHead}>
              <h3 className={styles.versionName}>{versionLabel(v.vname)}</h3>
              {v.isVip === 1 ? <span className={styles.held}>已开通</span> : null}
            </div>
            {v.vnjson.length > 0 ? <p className={styles.opens}>包含：{opensText(v)}</p> : null}
          </li>
        );
      })}
    </ul>
  );
}
