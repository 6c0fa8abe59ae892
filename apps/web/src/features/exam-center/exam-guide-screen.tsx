import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { SelectedSubject } from '../../lib/subject';
import { SubjectPage } from '../../ui/subject-page';
import { BlueprintCard } from './blueprint-card';
import { blueprintQuery, openQuery, sessionPath } from '../../entities/exam-center/api';
import { modeRow } from '../../entities/exam-center/hub';
import { CbtSteps, GuideIntro } from '../../ui/guide-text';
import { useStartMode } from '../../entities/exam-center/use-start';
import styles from './exam-center.module.css';

const MODE = 'examinationGuide';

/**
 * /examinationGuide (考试指南): the exam's structure from the subject's blueprint (types, counts, marks,
 * time, pass line), a short guide of the computer-based exam, the operating notes, and 机考体验 — a short
 * fixed set (one unit per type, 10 minutes) in the real simulator. Free to every learner.
 */
export default function ExamGuideScreen() {
  return <SubjectPage title={modeRow(MODE).title}>{(subject) => <Guide subject={subject} />}</SubjectPage>;
}

function Guide({ subject }: { subject: SelectedSubject }) {
  const row = modeRow(MODE);
  const navigate = useNavigate();
  const bp = useQuery(blueprintQuery(subject.AppID));
  const open = useQuery(openQuery(subject.AppID));
  const starter = useStartMode(subject);
  const mine = open.data?.list.find((s) => s.testMode === MODE);
  return (
    <div className={styles.screen}>
      <section className={styles.card} aria-label="机考体验">
        <h2 className={styles.cardTitle}>机考体验</h2>
        <p className={styles.muted}>{`每种题型各抽一道（共用题干的题整组抽取），限时${row.timing}，界面与正式机考一致，交卷后可看成绩与解析。`}</p>
        <div className={styles.actions}>
          <button type="button" className={styles.primary} disabled={starter.busy} onClick={() => (mine ? void navigate(sessionPath(mine)) : starter.start({ testMode: MODE }))}>
            {mine ? '继续机考体验' : '开始机考体验'}
          </button>
        </div>
      </section>
      {bp.data ? (
        <BlueprintCard bp={bp.data} title={`${subject.AppName} · 考试结构`} />
      ) : bp.isError ? (
        <p className={styles.muted}>考试结构暂时无法显示。</p>
      ) : (
        <p className={styles.muted}>正在读取考试结构…</p>
      )}
      {bp.data ? <p className={styles.muted}>{`以上按本科目的标准试卷“${bp.data.name}”统计。`}</p> : null}
      <section className={styles.card} aria-label="考试说明">
        <h2 className={styles.cardTitle}>考试说明</h2>
        <GuideIntro />
      </section>
      <section className={styles.card} aria-label="机考操作说明">
        <h2 className={styles.cardTitle}>机考操作说明</h2>
        <CbtSteps />
      </section>
      {starter.prompt}
    </div>
  );
}
