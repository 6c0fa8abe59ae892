import { LIVE_OPEN_BEFORE_MS, LIVE_STATUS } from '@kaoshi/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { getSelectedSubject, versionBadge } from '../../../lib/subject';
import { SheetBuyPrompt, VersionChips } from '../../../ui/buy-prompt';
import { replayPath, roomPath, type LiveDetailData, type LiveItem } from '../api';
import { dayName, hm, roomOpen } from '../live-format';
import styles from '../live.module.css';
import { trackOpen } from './actions';

type Access = LiveDetailData['access'];

/** What the main button of /livedetail does for a session, its access and the time. */
export type MainAction = { kind: 'enter' | 'replay'; label: string; to: string } | { kind: 'buy'; label: string } | { kind: 'off'; label: string } | { kind: 'book' };

export function mainAction(item: LiveItem, access: Access, now: number): MainAction {
  if (item.status === LIVE_STATUS.ended) return { kind: 'off', label: item.provider === 'cc' ? '直播已结束' : '回放生成中' };
  const open = roomOpen(item, now);
  const watchable = open || item.status === LIVE_STATUS.replay;
  if (watchable && !access.allowed) return { kind: 'buy', label: '开通后观看' };
  if (open) return { kind: 'enter', label: '进入直播间', to: roomPath(item) };
  if (item.status === LIVE_STATUS.replay) return { kind: 'replay', label: '观看回放', to: replayPath(item) };
  return { kind: 'book' };
}

/** The main button: 进入直播间 / 观看回放 (a link), 开通后观看 (the buy prompt), or a disabled state. */
export function MainButton({ action, item, onBuy }: { action: MainAction; item: LiveItem; onBuy: () => void }) {
  if (action.kind === 'book') return null;
  if (action.kind === 'off') {
    return (
      <button type="button" className={styles.primary} disabled>
        {action.label}
      </button>
    );
  }
  if (action.kind === 'buy') {
    return (
      <button type="button" className={styles.primary} onClick={onBuy}>
        {action.label}
      </button>
    );
  }
  return (
    <Link className={styles.primary} to={action.to} onClick={() => trackOpen(item, 'detail')}>
      {action.label}
    </Link>
  );
}

/** A session the learner may not watch: the versions that open it and 去开通 (booking stays possible). */
export function AccessPanel({ access, open, onOpen, onClose }: { access: Access; open: boolean; onOpen: () => void; onClose: () => void }) {
  const subject = getSelectedSubject();
  return (
    <section className={styles.panel} aria-label="开通班次">
      <h2 className={styles.panelTitle}>本场直播需开通班次后观看</h2>
      <p className={styles.muted}>开通以下任一班次可观看直播和回放，预约不受影响：</p>
      <VersionChips versions={access.unlocking} />
      <button type="button" className={styles.secondary} onClick={onOpen}>
        去开通
      </button>
      <SheetBuyPrompt open={open} currentName={subject ? versionBadge(subject) : ''} versions={access.unlocking} onClose={onClose} />
    </section>
  );
}

/** The buy prompt's open state, shared by the main button and the panel. */
export function useBuyPrompt(): { open: boolean; show: () => void; hide: () => void } {
  const [open, setOpen] = useState(false);
  return { open, show: () => setOpen(true), hide: () => setOpen(false) };
}

/** Under the main button: when the room opens (LIVE_OPEN_BEFORE_MS before the start), for a session not open yet. */
export function openHint(item: Pick<LiveItem, 'startsAt'>, now: number): string {
  const opens = new Date(Date.parse(item.startsAt) - LIVE_OPEN_BEFORE_MS).toISOString();
  return `直播间 ${dayName(opens, now)} ${hm(opens)} 开放（开播前 ${LIVE_OPEN_BEFORE_MS / 60_000} 分钟可进入）`;
}

/** The teacher: a text avatar, the name and title. */
export function TeacherRow({ teacher }: { teacher: NonNullable<LiveItem['teacher']> }) {
  return (
    <div className={styles.teacher}>
      <span className={styles.avatar} aria-hidden="true">
        {teacher.name.slice(0, 1)}
      </span>
      <span className={styles.teacherText}>
        <strong>{teacher.name}</strong>
        {teacher.title ? <span className={styles.meta}>{teacher.title}</span> : null}
      </span>
    </div>
  );
}
