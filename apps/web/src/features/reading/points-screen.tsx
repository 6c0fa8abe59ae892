import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { versionBadge, type SelectedSubject } from '../../lib/subject';
import { SheetBuyPrompt } from '../../ui/buy-prompt';
import { queryState } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { hotspotsQuery, pointsQuery, type PointItem } from './api';
import styles from './reading.module.css';
import own from './points.module.css';

/** /knowledgePoint (知识点): this year's hot points, then every point by chapter, hot first, with weight and my mastery. */
export function PointsScreen() {
  return <SubjectPage title="知识点">{(subject) => <PointsBody subject={subject} />}</SubjectPage>;
}

/** 掌握 72% / 未练习, coloured by level. */
export function Mastery({ value }: { value: number | null }) {
  if (value === null) return <span className={own.mastery}>未练习</span>;
  const pct = Math.round(value * 100);
  const level = pct >= 80 ? own.good : pct >= 50 ? own.fair : own.weak;
  return (
    <span className={own.mastery}>
      <span className={own.bar} aria-hidden="true">
        <span className={`${own.fill} ${level}`} style={{ width: `${pct}%` }} />
      </span>
      {`掌握 ${pct}%`}
    </span>
  );
}

export const Stars = ({ n }: { n: number }) => (
  <span className={own.stars} aria-label={`考试权重 ${n} 星`}>
    {'★'.repeat(n)}
    <span className={own.starsOff}>{'★'.repeat(5 - n)}</span>
  </span>
);

function PointsBody({ subject }: { subject: SelectedSubject }) {
  const navigate = useNavigate();
  const points = useQuery(pointsQuery(subject.AppID));
  const hot = useQuery(hotspotsQuery(subject.AppID));
  const [locked, setLocked] = useState(false);
  const [allHot, setAllHot] = useState(false);
  const pending = queryState(points, subject, { feature: '知识点' });
  if (pending) return pending;
  const data = points.data!;
  const open = (p: PointItem) => (p.open ? void navigate(`/knowlegeInContent?pointID=${p.id}`) : setLocked(true));
  const row = (p: PointItem, extra?: string) => (
    <button key={p.id} type="button" className={styles.row} onClick={() => open(p)}>
      <span className={styles.rowMain}>
        <span className={styles.rowTitle}>
          {p.name}
          {p.hot ? <span className={own.hot}>高频</span> : null}
        </span>
        <span className={styles.rowMeta}>
          <Stars n={p.weight} />
          {` · ${p.questions} 题${p.cards ? ` · ${p.cards} 张速记卡` : ''}${extra ? ` · ${extra}` : ''}`}
        </span>
      </span>
      {p.open ? <Mastery value={p.mastery} /> : <span className={styles.tag}>🔒 未开通</span>}
    </button>
  );
  const hotList = hot.data?.list ?? [];
  return (
    <div className={styles.screen}>
      {hotList.length > 0 ? (
        <section className={styles.card} aria-label="高频考点">
          <h2 className={styles.cardTitle}>{`${hot.data!.year ?? ''} 年高频考点`}</h2>
          {(allHot ? hotList : hotList.slice(0, 5)).map((h) => row(h.point, `第 ${h.rank} 名 · ${h.reason}`))}
          {hotList.length > 5 ? (
            <button type="button" className={styles.row} onClick={() => setAllHot(!allHot)}>
              <span className={styles.rowMain}>{allHot ? '收起' : `查看全部 ${hotList.length} 个高频考点`}</span>
            </button>
          ) : null}
        </section>
      ) : null}
      {data.unlocking.length > 0 ? <p className={styles.muted}>试用版可查看每部分第一章的知识点，其余章节开通后查看</p> : null}
      {data.chapters.length === 0 ? <p className={styles.muted}>知识点更新中，敬请期待～</p> : null}
      {data.chapters.map((c) => (
        <section key={c.cptID} className={styles.card} aria-label={c.name}>
          <h2 className={styles.cardTitle}>{c.name}</h2>
          {c.points.map((p) => row(p))}
        </section>
      ))}
      <SheetBuyPrompt open={locked} currentName={versionBadge(subject)} versions={data.unlocking} reason="该知识点需开通后查看" onClose={() => setLocked(false)} />
    </div>
  );
}
