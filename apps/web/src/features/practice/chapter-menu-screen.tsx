import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resetChapter } from './api';
import { getSelectedSubject, versionBadge, type SelectedSubject } from '../../lib/subject';
import { confirm, toast } from '../../ui/dialogs';
import { Page } from '../../ui/page';
import { errorText } from '../../lib/error-text';
import { chapterMenuQuery, practiceKeys, type ChapterProgress } from '../../entities/practice/api';
import { deniedVersions } from '../../lib/denied-versions';
import { percent } from '../../lib/format';
import { ChapterStatsHeader, StudyToolsRow } from './components/chapter-stats';
import { Denied, NoSubject, StateMessage } from '../../ui/states';
import { SheetBuyPrompt } from '../../ui/buy-prompt';
import styles from './chapter-menu.module.css';

export const RESET_CONFIRM = '确定清除本章的答题记录并重新开始吗？';

/** /chapterMenu (章节练习): the selected subject's chapter tree with the learner's progress. */
export default function ChapterMenuScreen() {
  const subject = getSelectedSubject();
  return <Page title="章节练习">{subject ? <ChapterMenu subject={subject} /> : <NoSubject />}</Page>;
}

function ChapterMenu({ subject }: { subject: SelectedSubject }) {
  const appID = subject.AppID;
  const menu = useQuery(chapterMenuQuery(appID));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [buying, setBuying] = useState<ChapterProgress | null>(null);

  const tree = useMemo(() => {
    const list = menu.data?.list ?? [];
    const tops = list.filter((c) => c.parentID === null);
    const kids = new Map<number, ChapterProgress[]>();
    for (const c of list) if (c.parentID !== null) kids.set(c.parentID, [...(kids.get(c.parentID) ?? []), c]);
    // Chapters that hold questions themselves (no sub-chapters): what a trial counts.
    const leaves = list.filter((c) => !kids.has(c.cptID));
    return { tops, kids, leaves: leaves.length, openLeaves: leaves.filter((c) => !c.locked).length };
  }, [menu.data]);

  const reset = useMutation({
    mutationFn: (cptID: number) => resetChapter(appID, cptID),
    onSuccess: async () => {
      toast('已清除本章答题记录');
      await queryClient.invalidateQueries({ queryKey: practiceKeys.all });
    },
    onError: (err) => toast(errorText(err)),
  });

  const askReset = async (c: ChapterProgress) => {
    if (await confirm({ content: RESET_CONFIRM })) reset.mutate(c.cptID);
  };
  // A chapter beyond the trial opens the buy prompt (the server would refuse its questions anyway).
  const openChapter = (c: ChapterProgress) => (c.locked ? setBuying(c) : void navigate(`/answerTest?cptID=${c.cptID}`));

  if (menu.isPending) return <StateMessage text="加载中…" />;
  if (menu.isError) {
    const versions = deniedVersions(menu.error);
    if (versions) return <Denied versions={versions} currentName={versionBadge(subject)} />;
    return <StateMessage text={errorText(menu.error)} onRetry={() => void menu.refetch()} />;
  }
  if (tree.tops.length === 0) return <StateMessage text="本科目暂无章节" />;

  const toggle = (id: number) =>
    setOpen((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  return (
    <div className={styles.menu}>
      <ChapterStatsHeader appID={appID} />
      <StudyToolsRow />
      <p className={styles.menuSubject}>{subject.AppName}</p>
      {tree.openLeaves < tree.leaves ? <p className={styles.trialNote}>{`试用可练习其中 ${tree.openLeaves} 章，开通班次后全部 ${tree.leaves} 章都可练习`}</p> : null}
      {tree.tops.map((top) => {
        const children = tree.kids.get(top.cptID) ?? [];
        const expanded = open.has(top.cptID);
        return (
          <section key={top.cptID} className={styles.section}>
            {children.length > 0 ? (
              <button type="button" className={styles.sectionHead} aria-expanded={expanded} aria-controls={`cpt-${top.cptID}`} onClick={() => toggle(top.cptID)}>
                <span className={`${styles.chevron} ${expanded ? styles.chevronOpen : ''}`} aria-hidden="true" />
                <ChapterInfo c={top} heading />
              </button>
            ) : (
              <ChapterRow c={top} onOpen={openChapter} onReset={askReset} heading />
            )}
            {children.length > 0 && expanded ? (
              <ul id={`cpt-${top.cptID}`} className={styles.rows}>
                {children.map((c) => (
                  <li key={c.cptID}>
                    <ChapterRow c={c} onOpen={openChapter} onReset={askReset} />
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        );
      })}
      <SheetBuyPrompt
        open={buying !== null}
        currentName={versionBadge(subject)}
        versions={menu.data.unlocking}
        reason={buying ? `「${buying.name}」开通班次后可练习` : undefined}
        onClose={() => setBuying(null)}
      />
    </div>
  );
}

function ChapterInfo({ c, heading }: { c: ChapterProgress; heading?: boolean }) {
  const ratio = c.total > 0 ? c.done / c.total : 0;
  return (
    <span className={styles.info}>
      <span className={heading ? styles.topName : styles.name}>{c.name}</span>
      <span className={styles.stats}>
        <span>
          已做 {c.done}/{c.total}
        </span>
        <span>正确率 {percent(c.accuracy)}</span>
      </span>
      <span className={styles.bar} role="progressbar" aria-label={`${c.name} 完成度`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(ratio * 100)}>
        <span className={styles.barFill} style={{ width: `${ratio * 100}%` }} />
      </span>
    </span>
  );
}

function ChapterRow({ c, onOpen, onReset, heading }: { c: ChapterProgress; onOpen: (c: ChapterProgress) => void; onReset: (c: ChapterProgress) => void; heading?: boolean }) {
  return (
    <div className={heading ? `${styles.row} ${styles.rowTop}` : styles.row}>
      <button
        type="button"
        className={styles.rowMain}
        disabled={c.total === 0}
        onClick={() => onOpen(c)}
        aria-label={`${c.name} ${c.locked ? '需开通 ' : ''}已做 ${c.done}/${c.total} 正确率 ${percent(c.accuracy)}`}
      >
        <ChapterInfo c={c} heading={heading} />
        {c.locked ? (
          <span className={styles.lockTag} aria-hidden="true">
            需开通
          </span>
        ) : null}
      </button>
      {c.done > 0 ? (
        <button type="button" className={styles.redo} onClick={() => onReset(c)} aria-label={`重做 ${c.name}`}>
          重做
        </button>
      ) : null}
    </div>
  );
}
