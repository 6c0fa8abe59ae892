import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { CLEAR_AFTER_MAX, STUDY_KINDS, type StudyKind } from '@kaoshi/contract';
import { saveReviewSettings } from './api';
import type { SelectedSubject } from '../../lib/subject';
import { toast } from '../../ui/dialogs';
import { errorText } from '../../lib/error-text';
import { queryState, StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { KIND_NAMES, isStudyKind, qs } from '../../entities/study/url';
import { catalogQuery, studyKeys, summaryQuery } from '../../entities/study/api';
import { formatTime } from '../../entities/study/format';
import styles from './study.module.css';
import consolidateCss from './consolidate.module.css';

export const EMPTY_TEXT: Record<StudyKind, string> = {
  error: '错题本是空的：练习中答错的题会自动收进来',
  fav: '还没有收藏的题目：在题目详情里点「收藏」',
  note: '还没有笔记：练习时可以给题目记笔记',
};

/** /consolidate (巩固): the wrong-answer book with its review schedule, favourites and notes, by chapter. */
export default function ConsolidateScreen() {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: StudyKind = isStudyKind(tabParam) ? tabParam : 'error';
  return (
    <SubjectPage title="错题与收藏">
      {(subject) => (
        <div className={styles.screen}>
          <div className={consolidateCss.tabs} role="tablist" aria-label="列表">
            {STUDY_KINDS.map((k) => (
              <button
                key={k}
                type="button"
                role="tab"
                aria-selected={tab === k}
                className={tab === k ? `${consolidateCss.tab} ${consolidateCss.tabOn}` : consolidateCss.tab}
                onClick={() => setParams(k === 'error' ? {} : { tab: k }, { replace: true })}
              >
                {KIND_NAMES[k]}
              </button>
            ))}
          </div>
          <div role="tabpanel" aria-label={KIND_NAMES[tab]} className={styles.panel}>
            {tab === 'error' ? <ReviewCard subject={subject} /> : <KindActions kind={tab} />}
            <Chapters subject={subject} kind={tab} />
          </div>
        </div>
      )}
    </SubjectPage>
  );
}

function ReviewCard({ subject }: { subject: SelectedSubject }) {
  const appID = subject.AppID;
  const summary = useQuery(summaryQuery(appID));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const settings = useMutation({
    mutationFn: saveReviewSettings,
    onSuccess: (data) => {
      queryClient.setQueryData(studyKeys.summary(appID), (old) => (old ? { ...old, clearAfter: data.clearAfter } : old));
      toast(`已设置：连续答对 ${data.clearAfter} 次移出错题本`);
      void queryClient.invalidateQueries({ queryKey: studyKeys.summary(appID) });
    },
    onError: (err) => toast(errorText(err)),
  });

  const state = queryState(summary, subject);
  if (state) return state;
  const s = summary.data!;
  const clearAfter = settings.isPending && settings.variables !== undefined ? settings.variables : s.clearAfter;
  const noDue = s.due === 0;

  return (
    <section className={styles.card} aria-label="错题复习">
      <div className={styles.summaryNums}>
        <p>
          <strong>{s.items}</strong>
          <span>在本（题）</span>
        </p>
        <p>
          <strong className={s.due > 0 ? styles.dueNum : undefined}>{s.due}</strong>
          <span>今天该复习（题）</span>
        </p>
        <p>
          <strong>{s.cleared}</strong>
          <span>已移出（题）</span>
        </p>
      </div>
      {!noDue && s.nextDueAt ? <p className={`${styles.muted} ${styles.center}`}>{`复习完这些，下一题在${formatTime(s.nextDueAt)}再复习`}</p> : null}
      <div className={consolidateCss.setting}>
        <span>连续答对</span>
        <span className={consolidateCss.stepper}>
          <button type="button" aria-label="减少一次" disabled={clearAfter <= 1 || settings.isPending} onClick={() => settings.mutate(clearAfter - 1)}>
            −
          </button>
          <select aria-label="连续答对次数" value={clearAfter} disabled={settings.isPending} onChange={(e) => settings.mutate(Number(e.target.value))}>
            {Array.from({ length: CLEAR_AFTER_MAX }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <button type="button" aria-label="增加一次" disabled={clearAfter >= CLEAR_AFTER_MAX || settings.isPending} onClick={() => settings.mutate(clearAfter + 1)}>
            +
          </button>
        </span>
        <span>次移出错题本</span>
      </div>
      <p className="ks-visually-hidden">{`连续答对 ${clearAfter} 次移出错题本`}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} disabled={noDue} onClick={() => void navigate('/answerTest?source=review')}>
          开始复习{s.due > 0 ? `（${s.due}）` : ''}
        </button>
        <button type="button" className={styles.secondary} disabled={s.items === 0} onClick={() => void navigate('/memoryAnswer')}>
          背题复习
        </button>
        <button type="button" className={styles.secondary} disabled={s.items === 0} onClick={() => void navigate('/answerTest?source=error')}>
          全部错题练习
        </button>
      </div>
      {noDue ? (
        <p className={consolidateCss.reason} role="note">
          {s.items === 0 ? '错题本里还没有题目' : `今天没有要复习的错题${s.nextDueAt ? `，下一题在${formatTime(s.nextDueAt)}再复习` : ''}`}
        </p>
      ) : null}
    </section>
  );
}

function KindActions({ kind }: { kind: 'fav' | 'note' }) {
  const navigate = useNavigate();
  return (
    <div className={styles.actionsRow}>
      <button type="button" className={styles.secondary} onClick={() => void navigate(`/answerTest?source=${kind}`)}>
        {kind === 'fav' ? '练习全部收藏' : '练习全部笔记题'}
      </button>
    </div>
  );
}

function Chapters({ subject, kind }: { subject: SelectedSubject; kind: StudyKind }) {
  const catalog = useQuery(catalogQuery(subject.AppID, kind));
  const navigate = useNavigate();
  // The review card already shows a 403 for the book; a second prompt would be noise.
  if (kind === 'error' && catalog.isError && (catalog.error as { status?: number }).status === 403) return null;
  const state = queryState(catalog, subject);
  if (state) return state;
  const list = [...catalog.data!.list].sort((a, b) => a.order - b.order);
  if (list.length === 0) return <StateMessage text={EMPTY_TEXT[kind]} />;
  return (
    <section className={styles.card} aria-label={`${KIND_NAMES[kind]}章节`}>
      <h2 className={styles.cardTitle}>按章节（共 {catalog.data!.items} 题）</h2>
      <ul className={styles.list}>
        {list.map((c) => (
          <li key={c.cptID}>
            <button type="button" className={consolidateCss.chapterRow} onClick={() => void navigate(`/consolidate2${qs({ kind, cptID: c.cptID })}`)}>
              <span className={consolidateCss.chapterName}>{c.name}</span>
              <span className={consolidateCss.chapterCount}>
                {c.count} 题{kind === 'error' && c.due > 0 ? <em className={consolidateCss.dueTag}>{` ${c.due} 题该复习`}</em> : null}
              </span>
              <span className={consolidateCss.arrow} aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
