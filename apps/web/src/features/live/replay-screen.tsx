import { useQuery } from '@tanstack/react-query';
import type { LiveCard, LiveChatMessage } from '@kaoshi/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { positiveInt } from '../../lib/url-params';
import { clock } from '../../lib/format';
import { getSelectedSubject } from '../../lib/subject';
import { Page } from '../../ui/page';
import { queryState, StateMessage } from '../../ui/states';
import { ChatLine, ChatScroller } from './components/chat-list';
import { LivePlayer, type LivePlayerControl } from './components/live-player';
import { QuizCard } from './components/quiz-card';
import { recordVisit, replayQuery, type ReplayData } from './room-api';
import styles from './room.module.css';

/** One moment of the replay's timeline: a chat message or a quiz card, at its second of the stream. */
export type TimelineEntry = { kind: 'msg'; second: number; m: LiveChatMessage } | { kind: 'card'; second: number; card: LiveCard };

/** The replay's timeline in stream order (a card pushed with the messages of its second comes after them). */
export function timeline(messages: LiveChatMessage[], cards: LiveCard[]): TimelineEntry[] {
  const out: TimelineEntry[] = [
    ...messages.map((m) => ({ kind: 'msg' as const, second: m.second, m })),
    ...cards.filter((c) => c.second !== null).map((card) => ({ kind: 'card' as const, second: card.second!, card })),
  ];
  const order = (e: TimelineEntry) => (e.kind === 'msg' ? e.m.id : Number.MAX_SAFE_INTEGER - 1_000_000 + e.card.id);
  return out.sort((a, b) => a.second - b.second || order(a) - order(b));
}

/** How many entries (from the first) were written by the playhead `second`. */
export function visibleCount(entries: TimelineEntry[], second: number): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (entries[mid]!.second <= second) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * /livereview?liveID=N (docs/live.md, "Replays"): the recording, and under it the chat and the quiz cards appearing
 * at the second they were written or pushed (as it plays, and after seeking either way); the cards' moments as chips
 * to jump to. A replay's cards are closed: they show the answer, the explanation and the class's results.
 */
export function LiveReplayScreen() {
  const [params] = useSearchParams();
  const liveID = positiveInt(params.get('liveID'));
  const replay = useQuery({ ...replayQuery(liveID ?? 0), enabled: liveID !== null });
  if (liveID === null) {
    return (
      <Page title="直播回放">
        <StateMessage text="直播不存在" />
      </Page>
    );
  }
  const pending = queryState(replay, getSelectedSubject(), { feature: '直播课' });
  return (
    <Page title={replay.data?.item.title ?? '直播回放'} className={styles.page}>
      {pending ?? <Replay data={replay.data!} liveID={liveID} />}
    </Page>
  );
}

function Replay({ data, liveID }: { data: ReplayData; liveID: number }) {
  const [second, setSecond] = useState(0);
  const control = useRef<LivePlayerControl | null>(null);
  const entries = useMemo(() => timeline(data.messages, data.cards), [data.messages, data.cards]);
  const shown = visibleCount(entries, second);
  const moments = entries.filter((e): e is Extract<TimelineEntry, { kind: 'card' }> => e.kind === 'card');
  const mine = data.myAnswers as Record<number, string>;

  useEffect(() => recordVisit(data.item.appID, liveID), [data.item.appID, liveID]);

  return (
    <div className={styles.room}>
      <LivePlayer liveID={liveID} play={data.play} mode="vod" control={control} onTime={(t) => setSecond(Math.floor(t))} />
      <div className={styles.roomBar}>
        <span className={styles.online}>{`回放 · ${clock(data.durationS)}`}</span>
        <span className={styles.online}>{`${data.messages.length}条聊天`}</span>
      </div>
      {moments.length > 0 ? (
        <ul className={styles.chips} aria-label="题卡时刻">
          {moments.map((e) => (
            <li key={e.card.id}>
              <button type="button" className={styles.chip} onClick={() => control.current?.seek(e.second)}>
                {`题卡 ${clock(e.second)}`}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.panel}>
        <div className={styles.chat}>
          <ChatScroller version={shown} label="回放聊天">
            {shown === 0 ? <li className={styles.empty}>{entries.length > 0 ? '聊天会随视频播放出现' : '本场直播没有聊天记录'}</li> : null}
            {entries.slice(0, shown).map((e) =>
              e.kind === 'msg' ? (
                <ChatLine key={`m${e.m.id}`} m={e.m} />
              ) : (
                <li key={`c${e.card.id}`} className={styles.timelineCard} aria-label={`题卡 ${clock(e.second)}`}>
                  <QuizCard card={e.card} mine={mine[e.card.id]} />
                </li>
              ),
            )}
          </ChatScroller>
        </div>
      </div>
    </div>
  );
}
