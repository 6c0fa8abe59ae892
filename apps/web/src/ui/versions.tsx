import { useEffect, useRef } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { vipinfo } from '@kaoshi/contract';
import { call } from '../api/client';
import { cachedVipinfo, type VipinfoData } from '../lib/subject';
import { versionLabel } from './buy-flow';
import styles from './versions.module.css';

type VersionItem = VipinfoData['list'][number];

/**
 * The subject's versions as the learner may buy them (vipinfo): painted from the cached vipinfo that
 * chooseSubject stored, then refreshed. Versions marked buyListHide are left out (spec §6).
 */
export const subjectVersionsQuery = (appID: number) =>
  queryOptions({
    queryKey: ['buy', 'vipinfo', appID],
    queryFn: () => call(vipinfo, { appID }, { silent: true }),
    initialData: () => cachedVipinfo(appID) ?? undefined,
    initialDataUpdatedAt: 0,
  });

export const buyableVersions = (list: readonly VersionItem[]): VersionItem[] => list.filter((v) => !v.buyListHide).sort((a, b) => a.vnorder - b.vnorder);

/** What a version opens: its modules' names. */
export const opensText = (v: Pick<VersionItem, 'vnjson'>): string => v.vnjson.map((m) => m.name).join('、');

export function useSubjectVersions(appID: number | null) {
  return useQuery({ ...subjectVersionsQuery(appID ?? 0), enabled: appID !== null });
}

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
