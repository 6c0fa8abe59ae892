import { useMutation, useQuery } from '@tanstack/react-query';
import { CLEARANCE_MSG, LEVEL_SIZE, testMode, type ClearanceKind, type UnlockingVersion } from '@kaoshi/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { versionBadge, type SelectedSubject } from '../../lib/subject';
import { SheetBuyPrompt } from '../../ui/buy-prompt';
import { alertMsg, toast } from '../../ui/dialogs';
import { errorText } from '../../lib/error-text';
import { deniedVersions } from '../../lib/denied-versions';
import { sessionPlayerPath } from '../../entities/practice/session-source';
import { queryState, StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { LADDER_ROUTE, levelsQuery, starText, startLevel, summary, type LevelRow } from './api';
import styles from './clearance.module.css';

/**
 * The level map of a ladder (/tifenGuoguan: one level per chapter; /randomPassCheck: levels of rising
 * difficulty), docs/clearance-grabpoint.md. Each level shows its state (未解锁 / 可挑战 / 已过关), its stars
 * and best; tapping an open or passed level starts an attempt (or continues the open one) in the player
 * (/answerTest?source=session); a locked one says '请先通过上一关'.
 */
export function LevelMapScreen({ kind }: { kind: ClearanceKind }) {
  const row = testMode(LADDER_ROUTE[kind])!;
  return (
    <SubjectPage title={row.title}>
      {(subject) => (
        <>
          <LadderTabs kind={kind} />
          <LevelMap subject={subject} kind={kind} />
        </>
      )}
    </SubjectPage>
  );
}

/** The two ladders of module clearance side by side (the catalog opens /tifenGuoguan; 随机闯关 is one tap away). */
function LadderTabs({ kind }: { kind: ClearanceKind }) {
  const navigate = useNavigate();
  return (
    <nav className={styles.tabs} aria-label="闯关方式">
      {(['chapter', 'random'] as const).map((k) => {
        const row = testMode(LADDER_ROUTE[k])!;
        return (
          <button
            key={k}
            type="button"
            className={k === kind ? styles.tabOn : styles.tab}
            aria-current={k === kind ? 'page' : undefined}
            onClick={() => k !== kind && void navigate(row.route, { replace: true })}
          >
            {row.title}
          </button>
        );
      })}
    </nav>
  );
}

function LevelMap({ subject, kind }: { subject: SelectedSubject; kind: ClearanceKind }) {
  const row = testMode(LADDER_ROUTE[kind])!;
  const levels = useQuery(levelsQuery(subject.AppID, kind));
  const navigate = useNavigate();
  const [denied, setDenied] = useState<UnlockingVersion[] | null>(null);
  const start = useMutation({
    mutationFn: (level: LevelRow) => startLevel(subject.AppID, kind, level.levelID),
    onSuccess: (s) => void navigate(sessionPlayerPath(s.examHistoryID)),
    onError: (err) => {
      const versions = deniedVersions(err);
      if (versions) setDenied(versions);
      else void alertMsg(errorText(err));
    },
  });

  if (levels.isPending && !levels.isError) return <StateMessage text="正在读取关卡…" />;
  const state = queryState(levels, subject, { feature: row.title });
  if (state) return state;
  const list = levels.data!;
  if (list.length === 0) return <StateMessage text={kind === 'chapter' ? '题库中暂无可闯关的章节' : `题库不足${LEVEL_SIZE}题，暂无随机关卡`} />;
  const sum = summary(list);

  const play = (level: LevelRow) => {
    if (level.state === 'locked') return toast(CLEARANCE_MSG.locked);
    if (level.open !== null) return void navigate(sessionPlayerPath(level.open));
    if (!start.isPending) start.mutate(level);
  };

  return (
    <div className={styles.screen}>
      <section className={styles.hero} aria-label={row.title}>
        <h2 className={styles.cardTitle}>{row.blurb}</h2>
        <p className={styles.muted}>{`每关${LEVEL_SIZE}题，${row.scoring}。`}</p>
        <div className={styles.figures}>
          <span className={styles.figure}>
            <strong>{`${sum.passed}/${sum.total}`}</strong>已过关
          </span>
          <span className={styles.figure}>
            <strong>{`${sum.stars}/${sum.maxStars}`}</strong>星星
          </span>
        </div>
        {sum.next ? (
          <button type="button" className={styles.primary} disabled={start.isPending} onClick={() => play(sum.next!)}>
            {sum.next.open !== null ? `继续第${sum.next.levelID}关` : `挑战第${sum.next.levelID}关`}
          </button>
        ) : null}
      </section>

      <ol className={kind === 'random' ? styles.gridCompact : styles.grid} aria-label="关卡">
        {list.map((level) => (
          <li key={level.levelID}>
            <LevelTile level={level} kind={kind} busy={start.isPending && start.variables?.levelID === level.levelID} onPlay={() => play(level)} />
          </li>
        ))}
      </ol>
      <SheetBuyPrompt open={denied !== null} currentName={versionBadge(subject)} versions={denied ?? []} onClose={() => setDenied(null)} />
    </div>
  );
}

const STATE_TEXT = { locked: '未解锁', open: '可挑战', passed: '已过关' } as const;

function LevelTile({ level, kind, busy, onPlay }: { level: LevelRow; kind: ClearanceKind; busy: boolean; onPlay: () => void }) {
  const cls = level.state === 'passed' ? styles.passed : level.state === 'open' ? styles.open : styles.locked;
  const label = `第${level.levelID}关 ${kind === 'chapter' ? level.title : (level.band ?? '')} ${STATE_TEXT[level.state]}${level.state === 'passed' ? ` ${level.stars}星` : ''}`;
  return (
    <button type="button" className={`${styles.tile} ${cls}`} aria-label={label} aria-disabled={level.state === 'locked'} disabled={busy} onClick={onPlay}>
      <span className={styles.badge} aria-hidden="true">
        {level.state === 'locked' ? <LockIcon /> : level.levelID}
      </span>
      <span className={styles.tileBody}>
        <span className={styles.tileTitle}>{kind === 'chapter' ? level.title : `第${level.levelID}关`}</span>
        <span className={styles.tileMeta}>{kind === 'chapter' ? `第${level.levelID}关 · ${level.count}题` : `${level.band ?? ''} · ${level.count}题`}</span>
        <span className={styles.stars} aria-hidden="true">
          {starText(level.stars)}
        </span>
        <span className={styles.tileMeta}>{busy ? '正在出题…' : level.open !== null ? '继续挑战' : level.best !== null ? `最佳 ${level.best}%` : STATE_TEXT[level.state]}</span>
      </span>
    </button>
  );
}

/** A padlock (no emoji: not every device has an emoji font). */
function LockIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round">
      <rect x="3" y="7" width="10" height="7" rx="1.5" fill="currentColor" stroke="none" />
      <path d="M5.2 7V5.2a2.8 2.8 0 0 1 5.6 0V7" />
    </svg>
  );
}
