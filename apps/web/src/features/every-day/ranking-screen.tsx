import { useQuery } from '@tanstack/react-query';
import { EVERY_DAY_PERIODS, RANKING_TOP, type EveryDayPeriod } from '@kaoshi/contract';
import { Link, useSearchParams } from 'react-router';
import type { SelectedSubject } from '../../lib/subject';
import { queryState } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { formatSeconds, keyLabel, periodParam, PERIODS, rankedFigure, rankingQuery, type RankingData } from './api';
import styles from './every-day.module.css';

type Entry = RankingData['list'][number];

const RULES: Record<EveryDayPeriod, string> = {
  day: '按答对题数排名，相同时用时少者在前，再相同时先交卷者在前；每人只计当天首次交卷。',
  week: '按得分排名，相同时用时少者在前，再相同时先交卷者在前；每人只计本周首次交卷。',
};

/** /ranking (排行榜): tabs 今日 / 本周, the top list and 我的排名 pinned at the bottom (docs/daily-ranking.md). */
export default function RankingScreen() {
  return <SubjectPage title="排行榜">{(subject) => <RankingBody subject={subject} />}</SubjectPage>;
}

function RankingBody({ subject }: { subject: SelectedSubject }) {
  const [params, setParams] = useSearchParams();
  const period = periodParam(params.get('period'));
  const ranking = useQuery(rankingQuery(subject.AppID, period));
  // Other parameters (ac …) stay in the URL.
  const choose = (p: EveryDayPeriod) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (p === 'day') next.delete('period');
        else next.set('period', p);
        return next;
      },
      { replace: true },
    );
  return (
    <div className={styles.rankingScreen}>
      <div className={styles.tabs} role="tablist" aria-label="排行周期">
        {EVERY_DAY_PERIODS.map((p) => (
          <button
            key={p}
            type="button"
            role="tab"
            id={`ranking-tab-${p}`}
            aria-selected={p === period}
            aria-controls="ranking-panel"
            className={p === period ? `${styles.tab} ${styles.tabOn}` : styles.tab}
            onClick={() => choose(p)}
          >
            {PERIODS[p].when}
          </button>
        ))}
      </div>
      <div id="ranking-panel" role="tabpanel" aria-labelledby={`ranking-tab-${period}`} className={styles.panel}>
        {queryState(ranking, subject, { feature: '排行榜' }) ?? <Board period={period} data={ranking.data!} />}
      </div>
    </div>
  );
}

function Board({ period, data }: { period: EveryDayPeriod; data: RankingData }) {
  const info = PERIODS[period];
  return (
    <>
      <section className={styles.card} aria-label="排行说明">
        <h2 className={styles.cardTitle}>{`${info.row.title} · ${keyLabel(data.key)}`}</h2>
        <p className={styles.muted} data-testid="ranking-total">
          {data.total > 0 ? `共${data.total}人上榜${data.total > RANKING_TOP ? `，显示前${RANKING_TOP}名` : ''}` : '还没有人上榜'}
        </p>
        <p className={styles.muted}>{RULES[period]}</p>
      </section>
      {data.list.length === 0 ? (
        <section className={`${styles.card} ${styles.empty}`} aria-label="排行榜">
          <p>{`${info.when}还没有人交卷，快来做第一个吧`}</p>
          <Link className={styles.primaryLink} to={info.route}>
            {`去参加${info.row.title}`}
          </Link>
        </section>
      ) : (
        <ol className={styles.board} aria-label={`${info.when}排行`}>
          {data.list.map((e) => (
            <Row key={e.place} period={period} e={e} />
          ))}
        </ol>
      )}
      <Mine period={period} mine={data.mine} />
    </>
  );
}

function Place({ place }: { place: number }) {
  const medal = place <= 3 ? styles[`medal${place}`] : '';
  return (
    <span className={`${styles.place} ${medal ?? ''}`} aria-label={`第${place}名`}>
      {place}
    </span>
  );
}

function Row({ period, e }: { period: EveryDayPeriod; e: Entry }) {
  return (
    <li className={e.me ? `${styles.row} ${styles.rowMe}` : styles.row} aria-current={e.me ? 'true' : undefined}>
      <Place place={e.place} />
      <span className={styles.name}>
        {e.name}
        {e.me ? <span className={styles.meTag}>我</span> : null}
      </span>
      <span className={styles.figure}>{rankedFigure(period, e)}</span>
      <span className={styles.time}>{formatSeconds(e.answerSeconds)}</span>
    </li>
  );
}

/** 我的排名, pinned to the bottom of the screen. */
function Mine({ period, mine }: { period: EveryDayPeriod; mine: Entry | null }) {
  const info = PERIODS[period];
  return (
    <section className={styles.mine} aria-label="我的排名" data-testid="my-rank">
      <span className={styles.mineLabel}>我的排名</span>
      {mine ? (
        <>
          <strong className={styles.minePlace}>{`第${mine.place}名`}</strong>
          <span className={styles.mineFacts}>{`${rankedFigure(period, mine)} · ${formatSeconds(mine.answerSeconds)}`}</span>
        </>
      ) : (
        <>
          <span className={styles.mineFacts}>{`${info.when}未上榜`}</span>
          <Link className={styles.mineGo} to={info.route}>
            去参加
          </Link>
        </>
      )}
    </section>
  );
}
