import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SHORTHAND_MODULE, SUBJECT_MSG, type HomeModule } from '@kaoshi/contract';
import { modulesDown, readRedDot } from './api';
import { cachedModuleInfo, clearHomeIndex, takeSubjectChosen, versionBadge, type SelectedSubject } from '../../lib/subject';
import { SheetBuyPrompt } from '../../ui/buy-prompt';
import { alertMsg } from '../../ui/dialogs';
import { showNoContent } from '../../ui/no-content';
import { safeInternalPath } from '../../lib/safe-path';
import { hasScreen } from '../../lib/navigation';
import { BannerCarousel } from '../../entities/home/banner-carousel';
import { ContinueExam } from './continue-exam';
import { bannersQuery, moduleGridQuery, redDotQuery } from '../../entities/home/api';
import { decksQuery, todaysCards } from '../../entities/reading/api';
import { ModuleGrid } from './module-grid';
import { NoticeWindow } from './notice-window';
import { PlanCard } from './plan-card';
import { SubjectBar } from './subject-bar';
import styles from './home.module.css';

/** Opens an in-app path when its screen exists; a path whose screen is not built yet gets the no-content dialog. */
export function useOpenPath() {
  const navigate = useNavigate();
  return (path: string): void => {
    const safe = safeInternalPath(path);
    if (!safe) return;
    const pathname = safe.split(/[?#]/)[0]!;
    if (hasScreen(pathname)) void navigate(safe);
    else showNoContent();
  };
}

/** The chosen subject's part of the home page. */
export function SubjectHome({ subject }: { subject: SelectedSubject }) {
  const queryClient = useQueryClient();
  const openPath = useOpenPath();
  const grid = useQuery(moduleGridQuery(subject));
  const dots = useQuery(redDotQuery(subject.AppID));
  const { data: banners = [] } = useQuery(bannersQuery(subject.AppID));
  // 速记's tile shows today's due and new cards apart (one small call, only when the grid has the tile).
  const hasCards = grid.data?.modules.some((m) => m.id === SHORTHAND_MODULE) ?? false;
  const decks = useQuery({ ...decksQuery(subject.AppID), enabled: hasCards });
  const [locked, setLocked] = useState<HomeModule | null>(null);
  // The home a subject choice lands on opens without the notice window: it comes at a later visit.
  const [justChosen] = useState(() => takeSubjectChosen(subject.AppID));
  useModulesDownCheck(subject.AppID);

  const open = (m: HomeModule) => {
    // A hub (考试中心) opens even when its module is closed: it shows which of its items are open.
    if (!m.allowed && !m.opensHub) {
      setLocked(m);
      return;
    }
    void readRedDot(subject.AppID, m.id);
    queryClient.setQueryData(redDotQuery(subject.AppID).queryKey, (old) => old?.filter((id) => id !== m.id));
    openPath(m.route);
  };

  return (
    <>
      <SubjectBar subject={subject} />
      <ContinueExam appID={subject.AppID} />
      <PlanCard appID={subject.AppID} modules={grid.data?.modules} />
      <BannerCarousel banners={banners} appID={subject.AppID} onOpen={openPath} />
      <section className={styles.card} aria-labelledby="modules-title">
        <h2 id="modules-title" className={styles.cardTitle}>
          学习功能
        </h2>
        {grid.data ? (
          grid.data.modules.length > 0 ? (
            <ModuleGrid modules={grid.data.modules} redDots={dots.data ?? []} cards={decks.data ? { [SHORTHAND_MODULE]: todaysCards(decks.data) } : undefined} onOpen={open} />
          ) : (
            <p className={styles.muted}>该科目暂无学习内容</p>
          )
        ) : grid.isError ? (
          <p className={styles.muted}>
            学习功能加载失败
            <button type="button" className={styles.inlineRetry} onClick={() => void grid.refetch()}>
              重试
            </button>
          </p>
        ) : (
          <p className={styles.muted} aria-busy="true">
            加载中…
          </p>
        )}
      </section>
      {justChosen ? null : <NoticeWindow appID={subject.AppID} onLink={openPath} />}
      <SheetBuyPrompt open={locked !== null} currentName={versionBadge(subject)} versions={locked?.unlocking ?? []} onClose={() => setLocked(null)} />
    </>
  );
}

/**
 * Once per home load and subject: is the subject off shelf, or are some of the cached modules gone?
 * Off shelf → '该科目已下架，请使用其他科目' and /switchSub; modules gone → clear the homeIndex (the grid is
 * fetched again).
 */
function useModulesDownCheck(appID: number) {
  const navigate = useNavigate();
  const checked = useRef<number | null>(null);
  useEffect(() => {
    if (checked.current === appID) return;
    checked.current = appID;
    const moduleIDs =
      cachedModuleInfo(appID)
        ?.modules.map((m) => m.id)
        .join(',') ?? '';
    void modulesDown(appID, moduleIDs)
      .then(async (r) => {
        if (r.subjectDown) {
          await alertMsg(SUBJECT_MSG.subjectOffShelf);
          void navigate('/switchSub');
        } else if (r.modulesDown.length > 0) {
          clearHomeIndex();
        }
      })
      .catch(() => undefined);
  }, [appID, navigate]);
}
