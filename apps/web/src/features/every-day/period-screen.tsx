import { useMutation, useQuery } from '@tanstack/react-query';
import { type EveryDayPeriod } from '@kaoshi/contract';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { startMode } from '../../entities/exam-center/api';
import { versionBadge, type SelectedSubject } from '../../lib/subject';
import { errorText } from '../../lib/error-text';
import { positiveInt } from '../../lib/url-params';
import { Denied, queryState, StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { deniedVersions } from '../../lib/denied-versions';
import { computerPaperOf, formatSeconds, keyLabel, marks, PERIODS, rankingPath, submissionQuery, submitQuery, type PeriodInfo, type SubmissionData, type SubmitData } from './api';
import styles from './every-day.module.css';

/**
 * /dailyMockTest (每日一练) and /weekTest (每周一测): the period's state — not started, continue the open
 * session, or the counted attempt with its figures and place — and the way to the ranking. After a hand-in
 * /computerPaper comes back here with ?examHistoryID=N: the attempt is submitted (POST submission, idempotent;
 * the server's figures answer) and shown as 本次成绩.
 */
export function PeriodScreen({ period }: { period: EveryDayPeriod }) {
  const info = PERIODS[period];
  return <SubjectPage title={info.row.title}>{(subject) => <PeriodBody subject={subject} info={info} />}</SubjectPage>;
}

function PeriodBody({ subject, info }: { subject: SelectedSubject; info: PeriodInfo }) {
  const [params] = useSearchParams();
  const handed = positiveInt(params.get('examHistoryID'));
  const submit = useQuery({ ...submitQuery(subject.AppID, handed ?? 0), enabled: handed !== null });
  // The state is read after the submission settled, so it already shows this attempt.
  const state = useQuery({ ...submissionQuery(subject.AppID, info.period), enabled: handed === null || !submit.isPending });
  const pending = queryState(state, subject, { feature: info.row.title });
  if (handed !== null && submit.isPending) return <StateMessage text="正在提交成绩…" />;
  if (pending) return pending;
  const data = state.data!;
  return (
    <div className={styles.screen}>
      {handed !== null ? <JustSubmitted info={info} id={handed} submit={submit} /> : null}
      <PeriodCard subject={subject} info={info} data={data} justHanded={handed} />
      <section className={styles.card} aria-label="排行榜">
        <h2 className={styles.cardTitle}>{`${info.when}排行榜`}</h2>
        <p className={styles.muted}>{info.row.scoring}</p>
        <div className={styles.actions}>
          <Link className={styles.secondaryLink} to={rankingPath(info.period)}>
            查看排行榜
          </Link>
        </div>
      </section>
      <OtherPeriod info={info} />
    </div>
  );
}

/** The figures of one attempt: right of all, rate, time and score. */
function Figures({ f, testId }: { f: Pick<SubmitData, 'correctNumber' | 'wrongNumber' | 'doNotNumber' | 'correctRate' | 'answerSeconds' | 'score' | 'total'>; testId: string }) {
  const all = f.correctNumber + f.wrongNumber + f.doNotNumber;
  return (
    <dl className={styles.figures} data-testid={testId}>
      <div>
        <dt>答对</dt>
        <dd>{`${f.correctNumber}/${all}题`}</dd>
      </div>
      <div>
        <dt>正确率</dt>
        <dd>{`${marks(f.correctRate)}%`}</dd>
      </div>
      <div>
        <dt>用时</dt>
        <dd>{formatSeconds(f.answerSeconds)}</dd>
      </div>
      <div>
        <dt>得分</dt>
        <dd>{`${marks(f.score)}/${marks(f.total)}`}</dd>
      </div>
    </dl>
  );
}

function JustSubmitted({ info, id, submit }: { info: PeriodInfo; id: number; submit: { data?: SubmitData; error: unknown; isError: boolean } }) {
  if (submit.isError) {
    return (
      <section className={styles.card} aria-label="本次成绩">
        <h2 className={styles.cardTitle}>本次成绩</h2>
        <p className={styles.error}>{errorText(submit.error)}</p>
      </section>
    );
  }
  const s = submit.data!;
  return (
    <section className={`${styles.card} ${styles.highlight}`} aria-label="本次成绩">
      <h2 className={styles.cardTitle}>本次成绩</h2>
      <Figures f={s} testId="just-submitted" />
      <p className={styles.rankLine} data-testid="just-place">
        {s.counted
          ? s.place !== null
            ? `已计入${info.when}排行 · 第${s.place}名`
            : `已计入${info.when}排行`
          : `${info.when}首次交卷已计入排行${s.place !== null ? `（第${s.place}名）` : ''}，本次练习不计入`}
      </p>
      <div className={styles.actions}>
        <Link className={styles.secondaryLink} to={`/examResult?examHistoryID=${id}`}>
          查看解析
        </Link>
        <Link className={styles.primaryLink} to={rankingPath(info.period)}>
          查看排名
        </Link>
      </div>
    </section>
  );
}

/** The period's card; the attempt just handed in is shown above it (本次成绩), so its figures are not repeated here. */
function PeriodCard({ subject, info, data, justHanded }: { subject: SelectedSubject; info: PeriodInfo; data: SubmissionData; justHanded: number | null }) {
  const navigate = useNavigate();
  const start = useMutation({
    mutationFn: () => startMode(subject.AppID, { testMode: info.row.id }),
    onSuccess: (s) => void navigate(computerPaperOf(s.examHistoryID)),
  });
  const denied = start.isError ? deniedVersions(start.error) : null;
  if (denied) return <Denied versions={denied} currentName={versionBadge(subject)} feature={info.row.title} />;
  const done = data.submitted;
  const shownAbove = done !== null && done.examHistoryID === justHanded;
  return (
    <section className={styles.card} aria-label={info.heading}>
      <h2 className={styles.cardTitle}>{`${info.heading} · ${keyLabel(data.key)}`}</h2>
      <p className={styles.muted}>{`${subject.AppName}：${info.row.blurb}`}</p>
      <p className={styles.muted}>{`时间：${info.row.timing}`}</p>
      {done ? (
        <>
          <p className={styles.doneLine} data-testid="period-done">
            {done.place !== null ? `${info.when}已交卷 · 第${done.place}名` : `${info.when}已交卷`}
          </p>
          {shownAbove ? null : <Figures f={done} testId="period-figures" />}
          {data.attempts > 1 ? <p className={styles.muted}>{`${info.when}共交卷${data.attempts}次，排行以首次交卷为准`}</p> : null}
        </>
      ) : null}
      {start.isError ? <p className={styles.error}>{errorText(start.error)}</p> : null}
      <div className={styles.actions}>
        {data.session !== null ? (
          <button type="button" className={styles.primary} onClick={() => void navigate(computerPaperOf(data.session!))}>
            继续作答
          </button>
        ) : (
          <button type="button" className={done ? styles.secondary : styles.primary} disabled={start.isPending} onClick={() => start.mutate()}>
            {start.isPending ? '正在进入…' : done ? '再练一次' : `开始${info.heading}`}
          </button>
        )}
        {done && !shownAbove ? (
          <Link className={styles.secondaryLink} to={`/examResult?examHistoryID=${done.examHistoryID}`}>
            查看解析
          </Link>
        ) : null}
      </div>
      {done && data.session === null ? <p className={styles.muted}>再次练习不计入排行</p> : null}
      {data.session !== null ? (
        <p className={styles.muted}>{done ? `这次练习尚未交卷；${info.when}排行以首次交卷为准` : `你有一场${info.row.title}尚未交卷，交卷后计入${info.when}排行`}</p>
      ) : null}
    </section>
  );
}

function OtherPeriod({ info }: { info: PeriodInfo }) {
  const other = PERIODS[info.period === 'day' ? 'week' : 'day'];
  return (
    <p className={styles.other}>
      <Link to={other.route}>{`${other.row.title}：${other.row.blurb} ›`}</Link>
    </p>
  );
}
