import { useQuery } from '@tanstack/react-query';
import { clock } from '../../lib/format';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { positiveInt } from '../../lib/url-params';
import { sourceUrl } from '../../entities/practice/source-url';
import type { SelectedSubject } from '../../lib/subject';
import { RichText } from '../../ui/rich-text';
import { queryState, StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { pagePath, pointQuery, type PointRef, type ShorthandCard } from './api';
import { Markdown } from '../../ui/markdown';
import { Mastery, Stars } from './points-screen';
import styles from './reading.module.css';
import own from './points.module.css';

/**
 * /knowlegeInContent?pointID=N (or ?point=名称, as a question's explanation names it): one knowledge point with all
 * it links to (docs/reading.md "Links"): its summary, the handout passage, its questions (练一练), the lessons that
 * explain it (from the second they start) and its 速记 cards.
 */
export function PointScreen() {
  const [params] = useSearchParams();
  const pointID = positiveInt(params.get('pointID'));
  const name = params.get('point')?.trim();
  const by: PointRef | null = pointID !== null ? { pointID } : name ? { point: name } : null;
  return <SubjectPage title="知识点详情">{(subject) => (by ? <PointBody subject={subject} by={by} /> : <StateMessage text="知识点不存在" />)}</SubjectPage>;
}

function CardRow({ card, appID }: { card: ShorthandCard; appID: number }) {
  const [shown, setShown] = useState(false);
  return (
    <button type="button" className={`${styles.row} ${own.card}`} aria-expanded={shown} onClick={() => setShown(!shown)}>
      <span className={styles.rowMain}>
        <RichText text={card.front} appID={appID} />
        {shown ? (
          <span className={`${own.cardBack} ${styles.rowMeta}`}>
            <RichText text={card.back} appID={appID} />
            {card.mnemonic ? `　口诀：${card.mnemonic}` : ''}
          </span>
        ) : (
          <span className={styles.rowMeta}>点击查看答案</span>
        )}
      </span>
    </button>
  );
}

function PointBody({ subject, by }: { subject: SelectedSubject; by: PointRef }) {
  const q = useQuery(pointQuery(subject.AppID, by));
  const pending = queryState(q, subject, { feature: '知识点' });
  if (pending) return pending;
  const d = q.data!;
  const p = d.point;
  return (
    <div className={styles.screen}>
      <section className={styles.card} aria-label="知识点">
        <h2 className={styles.cardTitle}>
          {p.name}
          {p.hot ? <span className={own.hot}>高频</span> : null}
        </h2>
        <div className={own.pointMeta}>
          <span className={styles.rowMeta}>
            <Stars n={p.weight} />
            {` · ${d.chapterName}`}
          </span>
          <Mastery value={p.mastery} />
        </div>
        <div className={own.summary}>{d.summary ? <Markdown source={d.summary} appID={subject.AppID} /> : <p className={styles.muted}>暂无概要</p>}</div>
        {d.handout ? (
          <Link className={styles.link} to={pagePath('handout', d.handout.id, d.handout.anchor)}>
            {`阅读讲义：${d.handout.title}`}
          </Link>
        ) : null}
      </section>

      <section className={styles.card} aria-label="相关试题">
        <h2 className={styles.cardTitle}>{`相关试题（${p.questions}）`}</h2>
        {d.questions.map((x) => (
          <div key={x.allTestID} className={own.question}>
            <span className={styles.rowMain}>{x.stem}</span>
            <span className={`${own.result} ${x.right === true ? own.right : x.right === false ? own.wrong : ''}`}>{x.right === null ? '未做' : x.right ? '答对' : '答错'}</span>
          </div>
        ))}
        {p.questions > 0 ? (
          <Link className={styles.primary} to={sourceUrl({ kind: 'points', point: p.code })}>
            练一练
          </Link>
        ) : (
          <p className={styles.muted}>暂无相关试题</p>
        )}
      </section>

      {d.lessons.length > 0 ? (
        <section className={styles.card} aria-label="视频讲解">
          <h2 className={styles.cardTitle}>视频讲解</h2>
          {d.lessons.map((l) => (
            <Link key={`${l.lessonId}:${l.from}`} className={styles.row} to={`/videoPlayonly?lessonID=${l.lessonId}&t=${l.from}`}>
              <span className={styles.rowMain}>
                <span className={styles.rowTitle}>{l.title}</span>
                <span className={styles.rowMeta}>{`从 ${clock(l.from)} 开始讲解`}</span>
              </span>
              <span className={styles.tagTheme}>看讲解</span>
            </Link>
          ))}
        </section>
      ) : null}

      <section className={styles.card} aria-label="速记卡片">
        <h2 className={styles.cardTitle}>{`速记卡片（${d.cards.length}）`}</h2>
        {d.cards.length === 0 ? <p className={styles.muted}>暂无速记卡片</p> : d.cards.map((c) => <CardRow key={c.id} card={c} appID={subject.AppID} />)}
        {d.cards.length > 0 ? (
          <div className={styles.links}>
            <Link className={styles.link} to={`/newsiteShorthand?pointID=${p.id}`}>
              复习这些卡片
            </Link>
            <Link className={styles.link} to={`/knowlegeShorthand?pointID=${p.id}`}>
              全部卡片与进度
            </Link>
          </div>
        ) : null}
      </section>
      <p className={styles.muted}>
        <Link className={own.report} to={`/knowledgeFeedback?target=point&id=${p.id}&title=${encodeURIComponent(p.name)}`}>
          内容有误？去纠错
        </Link>
      </p>
    </div>
  );
}
