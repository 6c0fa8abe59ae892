import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { SelectedSubject } from '../../lib/subject';
import { StateMessage } from '../practice/states';
import { computerPaperPath, formatLimit, marks, paperGroups, paperListOf, papersQuery, type PaperListRow, type PaperRow } from './exam-data';
import { ExamPage, examQueryState } from './exam-ui';
import styles from './exam-results.module.css';

/**
 * The paper lists, entry points of the simulator: /mockExam (模拟考试), /realPapertest (历年真题, by year),
 * /mnkcNew and /simulationTest (模拟考场). One screen; the route's row in PAPER_LISTS says which papers.
 */
export default function PaperListScreen() {
  const { pathname } = useLocation();
  const row = paperListOf(pathname);
  return <ExamPage title={row.title}>{(subject) => <PaperList subject={subject} row={row} />}</ExamPage>;
}

function PaperList({ subject, row }: { subject: SelectedSubject; row: PaperListRow }) {
  const papers = useQuery(papersQuery(subject.AppID, row.kinds));
  const navigate = useNavigate();
  const state = examQueryState(papers, subject, row.title);
  if (state) return state;
  const groups = paperGroups(row, papers.data!.list);
  return (
    <div className={styles.screen}>
      <div className={styles.toolbar}>
        <p className={styles.muted}>{`${subject.AppName} · 交卷后查看成绩与解析`}</p>
        <button type="button" className={styles.link} onClick={() => void navigate(`/examHistory?appID=${subject.AppID}`)}>
          考试记录
        </button>
      </div>
      {groups.length === 0 ? <StateMessage text={row.empty} /> : null}
      {groups.map((g) => (
        <section key={g.title ?? 'all'} className={styles.group} aria-label={g.title ?? row.title}>
          {g.title ? <h2 className={styles.sectionTitle}>{g.title}</h2> : null}
          <ul className={styles.list}>
            {g.papers.map((p) => (
              <PaperCard key={p.paperID} p={p} appID={subject.AppID} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function PaperCard({ p, appID }: { p: PaperRow; appID: number }) {
  const navigate = useNavigate();
  return (
    <li className={styles.paperCard} aria-label={p.name}>
      <h3 className={styles.rowTitle}>{p.name}</h3>
      <p className={styles.muted}>{`${p.questionCount}题 · 限时${formatLimit(p.timeLimitSeconds)} · 及格线${marks(p.passScore)}/${marks(p.totalScore)}分`}</p>
      <p className={styles.muted} data-testid="mine">
        {p.attempts > 0 ? `已考${p.attempts}次 · 最高${marks(p.best ?? 0)}分` : '还没有考过'}
      </p>
      <div className={styles.cardActions}>
        {p.attempts > 0 ? (
          <button type="button" className={styles.secondarySmall} onClick={() => void navigate(`/examHistory?appID=${appID}&paperID=${p.paperID}`)}>
            成绩记录
          </button>
        ) : null}
        <button type="button" className={styles.primarySmall} onClick={() => void navigate(computerPaperPath(p.paperID))}>
          {p.open ? '继续考试' : '开始考试'}
        </button>
      </div>
    </li>
  );
}
