import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { SubjectEntry } from '@kaoshi/contract';
import { errorText } from '../../lib/error-text';
import { isLoggedIn } from '../../lib/session';
import { Page } from '../../ui/page';
import { StateMessage } from '../../ui/states';
import { classesQuery, courseVersionsQuery } from './api';
import styles from './guest.module.css';

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** One subject: tap to see its versions with what each opens and its price. */
function SubjectCard({ s }: { s: SubjectEntry }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const q = useQuery({ ...courseVersionsQuery(s.AppID), enabled: open });
  const loggedIn = isLoggedIn();
  return (
    <li className={styles.card}>
      <button type="button" className={styles.subjectToggle} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <span className={styles.rowMain}>
          <span className={`${styles.rowTitle} ${styles.block}`}>{s.AppName}</span>
          <span className={`${styles.muted} ${styles.block}`}>{open ? '班次、内容与价格' : '点击查看班次与价格'}</span>
        </span>
        <span className={styles.chevron} aria-hidden="true">
          {open ? '︿' : '﹀'}
        </span>
      </button>
      {open ? (
        q.data ? (
          <>
            <ul className={styles.versions} aria-label={`${s.AppName}的班次`}>
              {q.data.list.map((v) => (
                <li key={v.vn} className={styles.version}>
                  <div className={styles.versionHead}>
                    <span className={styles.rowTitle}>{v.vname}</span>
                    {v.priceFen !== null ? (
                      <span className={styles.price}>
                        {yuan(v.priceFen)}
                        {v.originalFen !== null && v.originalFen > v.priceFen ? <span className={styles.was}>{yuan(v.originalFen)}</span> : null}
                      </span>
                    ) : (
                      <span className={styles.muted}>联系客服</span>
                    )}
                  </div>
                  <p className={styles.muted}>
                    {v.modules.join('、')} · 有效期 {v.validityDays} 天
                  </p>
                </li>
              ))}
            </ul>
            <div className={styles.quizActions}>
              <button type="button" className={styles.primary} onClick={() => void navigate(loggedIn ? '/switchSub' : '/login')}>
                {loggedIn ? '选择该科目' : '登录后开通'}
              </button>
              <button type="button" className={styles.secondary} onClick={() => void navigate(`/Experience?appID=${s.AppID}`)}>
                免费试做
              </button>
            </div>
          </>
        ) : q.isError ? (
          <StateMessage text={errorText(q.error)} onRetry={() => void q.refetch()} />
        ) : (
          <StateMessage text="加载中…" />
        )
      ) : null}
    </li>
  );
}

/**
 * /courseList (guest-whitelisted, spec §2) — the public catalogue: the tenant's classes (those holding subjects) as tabs, their subjects, and
 * per subject its versions with what each opens and the tenant's list price. Guests log in to buy; anyone may try.
 */
export function CourseListScreen() {
  const q = useQuery(classesQuery());
  const [chosen, setChosen] = useState<number | null>(null);
  if (!q.data) {
    return <Page title="课程列表">{q.isError ? <StateMessage text={errorText(q.error)} onRetry={() => void q.refetch()} /> : <StateMessage text="加载中…" />}</Page>;
  }
  const { classes, subjects } = q.data;
  // The tabs: the classes that hold subjects (护理学类, 药学类 …), in the catalogue's order.
  const tabs = classes.filter((c) => subjects.some((s) => s.ClassID === c.ID)).sort((a, b) => a.Order - b.Order || a.ID - b.ID);
  const current = chosen ?? tabs[0]?.ID ?? null;
  const shown = subjects.filter((s) => current === null || s.ClassID === current);

  return (
    <Page title="课程列表">
      <div className={styles.screen}>
        <div className={styles.classTabs} role="group" aria-label="考试类别">
          {tabs.map((c) => (
            <button key={c.ID} type="button" className={styles.classTab} aria-pressed={c.ID === current} onClick={() => setChosen(c.ID)}>
              {c.Name}
            </button>
          ))}
        </div>
        {shown.length === 0 ? (
          <p className={styles.note}>暂无课程</p>
        ) : (
          <ul className={styles.list} aria-label="科目">
            {shown.map((s) => (
              <SubjectCard key={s.AppID} s={s} />
            ))}
          </ul>
        )}
      </div>
    </Page>
  );
}
