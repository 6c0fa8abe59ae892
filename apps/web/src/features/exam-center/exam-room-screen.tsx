import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { getUserName } from '../../lib/session';
import { versionBadge, type SelectedSubject } from '../../lib/subject';
import { formatLimit, marks } from '../../entities/exam/format';
import { listKind, paperGroups, paperListOf } from '../../entities/exam/papers';
import { papersQuery, type PaperRow } from '../../entities/exam/api';
import { Denied, queryState, StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { moduleGridQuery } from '../../entities/home/api';
import { formatRemaining, seatNo } from '../../entities/exam-center/format';
import { modeRow } from '../../entities/exam-center/hub';
import { sessionPath, type StartedSession } from '../../entities/exam-center/api';
import { useStartMode } from '../../entities/exam-center/use-start';
import styles from './exam-center.module.css';

const MODE = 'mnkcNew';
/** Seconds the 考场须知 must stay on screen before the ticket can be taken (as in a real exam hall). */
export const NOTICE_SECONDS = 60;

/**
 * /mnkcNew (模拟考场): the exam room. 1 选择试卷 (the first mock paper not yet sat is suggested; a paper with a
 * session still open goes straight to its ticket) → 2 考场须知, to read for 60 s → 3 准考证 (name, subject,
 * paper, seat no. = the last 4 digits of the session id) → 开始考试 in /computerPaper.
 * The session is started when the ticket is issued — after the 60 s of reading, because the server's
 * clock runs from the start (the reading must not eat exam time).
 */
export default function ExamRoomScreen() {
  return <SubjectPage title={modeRow(MODE).title}>{(subject) => <Room subject={subject} />}</SubjectPage>;
}

type Step = { at: 'choose' } | { at: 'notice'; paper: PaperRow } | { at: 'ticket'; session: StartedSession };

function Room({ subject }: { subject: SelectedSubject }) {
  const row = paperListOf(`/${MODE}`);
  const papers = useQuery(papersQuery(subject.AppID, listKind(row)));
  const grid = useQuery(moduleGridQuery(subject));
  const starter = useStartMode(subject);
  const [step, setStep] = useState<Step>({ at: 'choose' });
  const mod = grid.data?.modules.find((m) => m.id === row.mode.module);
  if (mod && !mod.allowed) return <Denied versions={mod.unlocking} currentName={versionBadge(subject)} feature={row.title} />;
  const state = queryState(papers, subject, { feature: row.title });
  if (state) return state;
  const list = paperGroups(row, papers.data!.list).flatMap((g) => g.papers);
  const issue = async (paper: PaperRow) => {
    const session = await starter.startHere({ testMode: MODE, paperID: paper.paperID });
    if (session) setStep({ at: 'ticket', session });
  };
  return (
    <div className={styles.screen}>
      <ol className={styles.steps} aria-label="进场步骤">
        {['选择试卷', '考场须知', '准考证'].map((t, i) => (
          <li key={t} className={['choose', 'notice', 'ticket'].indexOf(step.at) === i ? styles.stepOn : undefined}>
            {`${i + 1} ${t}${i < 2 ? ' ›' : ''}`}
          </li>
        ))}
      </ol>
      {step.at === 'choose' ? (
        list.length === 0 ? (
          <StateMessage text={row.empty} />
        ) : (
          <Choose list={list} busy={starter.busy} onNext={(p) => (p.open ? void issue(p) : setStep({ at: 'notice', paper: p }))} />
        )
      ) : step.at === 'notice' ? (
        <Notice paper={step.paper} busy={starter.busy} onBack={() => setStep({ at: 'choose' })} onDone={() => void issue(step.paper)} />
      ) : (
        <Ticket subject={subject} session={step.session} />
      )}
      {starter.prompt}
    </div>
  );
}

function Choose({ list, busy, onNext }: { list: PaperRow[]; busy: boolean; onNext: (p: PaperRow) => void }) {
  const suggested = list.find((p) => p.open) ?? list.find((p) => p.attempts === 0) ?? list[0]!;
  const [chosen, setChosen] = useState(suggested.paperID);
  const paper = list.find((p) => p.paperID === chosen) ?? suggested;
  return (
    <section className={styles.card} aria-label="选择试卷">
      <h2 className={styles.cardTitle}>选择试卷</h2>
      <div role="radiogroup" aria-label="试卷">
        {list.map((p) => (
          <label key={p.paperID} className={styles.choice}>
            <input type="radio" name="paper" checked={p.paperID === chosen} onChange={() => setChosen(p.paperID)} />
            <span>
              {p.name}
              {p.paperID === suggested.paperID ? <span className={styles.best}>{p.open ? '（未交卷）' : '（推荐）'}</span> : null}
              <br />
              <span className={styles.muted}>
                {`${p.questionCount}题 · ${formatLimit(p.timeLimitSeconds)} · 及格线${marks(p.passScore)}/${marks(p.totalScore)}分 · ${p.attempts > 0 ? `已考${p.attempts}次，最高${marks(p.best ?? 0)}分` : '未考过'}`}
              </span>
            </span>
          </label>
        ))}
      </div>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} disabled={busy} onClick={() => onNext(paper)}>
          {paper.open ? '继续考试' : '进入考场'}
        </button>
      </div>
    </section>
  );
}

function Notice({ paper, busy, onBack, onDone }: { paper: PaperRow; busy: boolean; onBack: () => void; onDone: () => void }) {
  const [left, setLeft] = useState(NOTICE_SECONDS);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  return (
    <section className={styles.card} aria-label="考场须知">
      <h2 className={styles.cardTitle}>考场须知</h2>
      <ol className={styles.guide}>
        <li>{`本场考试：${paper.name}，共${paper.questionCount}题，限时${formatLimit(paper.timeLimitSeconds)}，及格线${marks(paper.passScore)}分。`}</li>
        <li>领取准考证时考试开始计时，计时以服务器时间为准；时间到系统自动交卷，未答的题不得分。</li>
        <li>请独立作答，考试期间不查阅资料、不与他人交流，按正式考试的要求模拟。</li>
        <li>试卷按题型分部分作答，确认进入下一部分后，前一部分不能再修改。</li>
        <li>答案自动保存；网络中断时答案先保存在本机，恢复后自动提交。中途离开可在“考试中心”继续考试。</li>
        <li>拿不准的题可“标疑”，交卷前在题目导航中检查未答和标疑的题目。</li>
        <li>交卷并确认后考试结束，随后可查看成绩、各题型得分与全部解析。</li>
      </ol>
      <div className={styles.actions}>
        <button type="button" className={`${styles.secondary} ${styles.narrow}`} onClick={onBack}>
          返回
        </button>
        <button type="button" className={styles.primary} disabled={left > 0 || busy} onClick={onDone}>
          {left > 0 ? `请阅读须知（${left}秒）` : '我已阅读，领取准考证'}
        </button>
      </div>
    </section>
  );
}

function Ticket({ subject, session }: { subject: SelectedSubject; session: StartedSession }) {
  const navigate = useNavigate();
  const resumed = session.replies && Object.keys(session.replies).length > 0;
  // The remaining time counts down from the server's figure (the device clock only measures the elapsed time).
  const [issuedAt] = useState(() => performance.now());
  const [, tick] = useState(0);
  useEffect(() => {
    if (session.remainingSeconds === null) return;
    const t = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, [session.remainingSeconds]);
  const remaining = session.remainingSeconds === null ? null : session.remainingSeconds - Math.floor((performance.now() - issuedAt) / 1000);
  return (
    <section className={styles.ticket} aria-label="准考证">
      <h2 className={styles.ticketTitle}>准考证</h2>
      <dl className={styles.ticketFields}>
        <dt>姓名</dt>
        <dd>{getUserName() || '—'}</dd>
        <dt>科目</dt>
        <dd>{subject.AppName}</dd>
        <dt>试卷</dt>
        <dd>{session.name}</dd>
        <dt>座位号</dt>
        <dd className={styles.seat} data-testid="seat">
          {seatNo(session.examHistoryID)}
        </dd>
        <dt>剩余时间</dt>
        <dd data-testid="ticket-remaining">{formatRemaining(remaining)}</dd>
      </dl>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={() => void navigate(sessionPath(session))}>
          {resumed ? '继续考试' : '开始考试'}
        </button>
      </div>
    </section>
  );
}
