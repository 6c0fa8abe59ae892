import { useQuery } from '@tanstack/react-query';
import { AI_MODULE, testMode } from '@kaoshi/contract';
import { Navigate } from 'react-router';
import { versionBadge, type SelectedSubject } from '../../lib/subject';
import { UnlockPanel } from '../../ui/unlock-panel';
import { errorText } from '../../lib/error-text';
import { moduleGridQuery } from '../../entities/home/api';
import { StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import styles from './ai.module.css';

const ROW = testMode('AICorePay')!;
/** What module 'ai' opens: the rows of TEST_MODES with that module (their titles and blurbs). */
const OFFERS = ['AICoreExamTest', 'AIcard'].map((id) => testMode(id)!);

/**
 * /AICorePay (AI核心考点·开通): the product page of module 'ai' — what it offers, the versions that unlock it
 * (from the home grid's decision, moduleInfoX) and 去开通 (/buyApp?moduleType=dialog[&posSlide]). A learner
 * who holds it goes straight to /AICoreExamTest.
 */
export default function AiCorePayScreen() {
  return <SubjectPage title={`${ROW.title}·开通`}>{(subject) => <Pay subject={subject} />}</SubjectPage>;
}

function Pay({ subject }: { subject: SelectedSubject }) {
  const grid = useQuery(moduleGridQuery(subject));
  if (grid.isError && !grid.data) return <StateMessage text={errorText(grid.error)} onRetry={() => void grid.refetch()} />;
  if (!grid.data) return <StateMessage text="加载中…" />;
  const mod = grid.data.modules.find((m) => m.id === AI_MODULE);
  if (mod?.allowed) return <Navigate to="/AICoreExamTest" replace />;

  return (
    <div className={styles.screen}>
      <section className={styles.hero} aria-label={ROW.title}>
        <h2 className={styles.cardTitle}>让每一轮练习都用在刀刃上</h2>
        <p className={styles.muted}>根据你的答题记录计算每个考点的掌握度，把题库占比高、你又没掌握的考点排在前面，每轮10题，并告诉你为什么选这道题。</p>
      </section>
      <ul className={styles.features} aria-label="包含内容">
        {OFFERS.map((m) => (
          <li key={m.id} className={styles.feature}>
            <h3>{m.title}</h3>
            <p className={styles.muted}>{m.blurb}</p>
            <p className={styles.muted}>{m.scoring}</p>
          </li>
        ))}
      </ul>
      <UnlockPanel current={versionBadge(subject)} versions={mod?.unlocking ?? []} />
    </div>
  );
}
