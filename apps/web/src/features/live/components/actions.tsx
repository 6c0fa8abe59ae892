import { LIVE_MSG } from '@kaoshi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../../lib/error-text';
import { track } from '../../../lib/tracking';
import { toast } from '../../../ui/dialogs';
import { appoint, collect, liveKeys, type LiveItem } from '../api';
import styles from '../live.module.css';

/**
 * The learner's own actions on a session, shared by cards and the detail page: 预约 / 取消预约 (the appoint call
 * with status 1 / 0) and 收藏. The button follows the server's answer at once; the lists are then read again.
 */

/** A server flag with a local answer on top, until the server's value changes (then the server's wins). */
function useServerToggle(server: boolean): [boolean, (v: boolean) => void] {
  const [local, setLocal] = useState<{ base: boolean; value: boolean } | null>(null);
  const value = local && local.base === server ? local.value : server;
  return [value, (v) => setLocal({ base: server, value: v })];
}

/** Sends tracking.liveClick: a session opened from `from` (the list's name: list, calendar, hot, mine…). */
export function trackOpen(item: LiveItem, from: string): void {
  track.liveClick({ funcPoint: from, liveID: item.id, appID: item.appID, liveName: item.title, startTime: item.startsAt, chapterName: item.chapterName });
}

export function BookButton({ item, wide = false }: { item: LiveItem; wide?: boolean }) {
  const client = useQueryClient();
  const [reserved, setReserved] = useServerToggle(item.reserved);
  const m = useMutation({
    mutationFn: () => appoint(item, !reserved),
    onSuccess: (r) => {
      setReserved(r.status === 1);
      toast(r.status === 1 ? LIVE_MSG.booked : LIVE_MSG.cancelled);
      void client.invalidateQueries({ queryKey: liveKeys.all });
    },
    onError: (err) => {
      toast(errorText(err));
      void client.invalidateQueries({ queryKey: liveKeys.all });
    },
  });
  const cls = wide ? (reserved ? styles.secondary : styles.primary) : reserved ? styles.pillOff : styles.pill;
  return (
    <button type="button" className={cls} disabled={m.isPending} aria-label={reserved ? `取消预约《${item.title}》` : `预约《${item.title}》`} onClick={() => m.mutate()}>
      {reserved ? '取消预约' : '预约'}
    </button>
  );
}

export function CollectButton({ item, plain = false }: { item: LiveItem; plain?: boolean }) {
  const client = useQueryClient();
  const [collected, setCollected] = useServerToggle(item.collected);
  const m = useMutation({
    mutationFn: () => collect(item.id, !collected),
    onSuccess: (r) => {
      setCollected(r.collected);
      toast(r.collected ? '已收藏' : '已取消收藏');
      void client.invalidateQueries({ queryKey: liveKeys.all });
    },
    onError: (err) => toast(errorText(err)),
  });
  return (
    <button
      type="button"
      className={plain ? styles.tool : styles.star}
      aria-label={collected ? `已收藏《${item.title}》，点按取消收藏` : `收藏《${item.title}》`}
      disabled={m.isPending}
      onClick={() => m.mutate()}
    >
      <span className={collected ? styles.starOn : styles.starOff} aria-hidden="true">
        {collected ? '★' : '☆'}
      </span>
      <span>{collected ? '已收藏' : '收藏'}</span>
    </button>
  );
}
