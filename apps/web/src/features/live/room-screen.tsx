import { useQuery } from '@tanstack/react-query';
import { LIVE_CLOSE, LIVE_SOCKET_MSG, LIVE_STATUS, type LiveCard, type LiveClientFrame } from '@kaoshi/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { positiveInt } from '../../lib/url-params';
import { errorText } from '../../lib/error-text';
import { getSelectedSubject } from '../../lib/subject';
import { toast } from '../../ui/dialogs';
import { Page } from '../../ui/page';
import { queryState, StateMessage } from '../../ui/states';
import { ChatInput } from './components/chat-input';
import { ChatList } from './components/chat-list';
import { HostPanel } from './components/host-panel';
import { LivePlayer } from './components/live-player';
import { QuizCard } from './components/quiz-card';
import { QuizCardSheet } from './components/quiz-card-sheet';
import { EndedStage, RoomBar, WaitingStage } from './components/room-stage';
import { useLiveSocket } from './live-socket';
import { answerCard, recordVisit, roomQuery, socketUrl, type RoomData } from './room-api';
import styles from './room.module.css';

/**
 * /liveroom?liveID=N[&host=KEY] (docs/live.md, "The room"): the stream on top, below it the chat (with the pinned
 * notice), the number online, likes and the quiz cards the teacher pushes; the host link adds moderation and the
 * card panel. A third-party session goes to /cczbPage; a learner without the version sees the buy prompt.
 */
export function LiveRoomScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const liveID = positiveInt(params.get('liveID'));
  const host = params.get('host') ?? undefined;
  const room = useQuery({ ...roomQuery(liveID ?? 0, host), enabled: liveID !== null });
  const external = room.data?.external;
  useEffect(() => {
    if (external && liveID !== null) void navigate(`/cczbPage?liveID=${liveID}`, { replace: true });
  }, [external, liveID, navigate]);
  if (liveID === null) {
    return (
      <Page title="直播">
        <StateMessage text="直播不存在" />
      </Page>
    );
  }
  const pending = queryState(room, getSelectedSubject(), { feature: '直播课' });
  return (
    <Page title={room.data?.item.title ?? '直播'} className={styles.page}>
      {pending ?? (external ? null : <Room data={room.data!} liveID={liveID} hostKey={host} refetch={() => void room.refetch()} />)}
    </Page>
  );
}

type Tab = 'chat' | 'cards' | 'host';

function Room({ data, liveID, hostKey, refetch }: { data: RoomData; liveID: number; hostKey?: string; refetch: () => void }) {
  const url = useMemo(() => socketUrl(data.socket, liveID, hostKey), [data.socket, liveID, hostKey]);
  const { socket, state } = useLiveSocket(url, (msg) => toast(msg));
  const [tab, setTab] = useState<Tab>('chat');
  const status = state.status ?? data.item.status;
  const isHost = data.host || state.host;

  useEffect(() => recordVisit(data.item.appID, liveID), [data.item.appID, liveID]);

  // The class started while I waited: ask for the stream (the room answers its play address now), again every 5 s
  // until the stream is there.
  const again = useRef(refetch);
  again.current = refetch;
  const waitingForStream = status === LIVE_STATUS.live && data.play === null;
  useEffect(() => {
    if (!waitingForStream) return;
    again.current();
    const timer = setInterval(() => again.current(), 5_000);
    return () => clearInterval(timer);
  }, [waitingForStream]);

  const { cards, mine, sheet, busy, answer, dismiss } = useCards(data, state.cards, liveID);
  const send = (f: LiveClientFrame) => {
    const ok = socket?.send(f) ?? false;
    if (!ok) toast('正在连接，请稍后再试');
    return ok;
  };
  const mutedUntil = state.mutedUntil ? Date.parse(state.mutedUntil) : 0;
  const muted = state.mutedNow || mutedUntil > Date.now();
  const [, unmuted] = useState(0);
  useEffect(() => {
    const left = mutedUntil - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => unmuted((n) => n + 1), Math.min(left + 200, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [mutedUntil]);
  const tools = isHost ? { remove: (id: number) => send({ t: 'delete', id }), mute: (userId: number, minutes: number) => send({ t: 'mute', userId, minutes }) } : undefined;

  if (state.conn === 'closed' && state.closeCode === LIVE_CLOSE.replaced) {
    return <StateMessage text="你已在其他页面进入直播间" action={{ label: '在这里观看', onClick: () => window.location.reload() }} />;
  }

  const stage =
    status === LIVE_STATUS.upcoming || (status === LIVE_STATUS.live && !data.play) ? (
      <WaitingStage startsAt={data.item.startsAt} />
    ) : status === LIVE_STATUS.live && data.play ? (
      <LivePlayer liveID={liveID} play={data.play} mode="live" />
    ) : (
      <EndedStage liveID={liveID} replay={status === LIVE_STATUS.replay} />
    );

  const openCards = cards.filter((c) => c.state !== 'ready');
  return (
    <div className={styles.room}>
      {stage}
      <RoomBar online={state.online ?? data.online} likes={state.likes ?? data.likes} sendLikes={(n) => socket?.like(n) ?? false} />
      <div className={styles.tabs} role="tablist" aria-label="直播间">
        <TabButton id="chat" tab={tab} setTab={setTab} label="聊天" />
        <TabButton id="cards" tab={tab} setTab={setTab} label={openCards.length > 0 ? `题卡 ${openCards.length}` : '题卡'} />
        {isHost ? <TabButton id="host" tab={tab} setTab={setTab} label="主持" /> : null}
      </div>
      <div className={styles.panel} role="tabpanel">
        {tab === 'chat' ? (
          <div className={styles.chat}>
            <ChatList messages={state.messages} pinned={state.pinned ?? data.pinned} tools={tools} />
            {status === LIVE_STATUS.ended || status === LIVE_STATUS.replay ? (
              // The server refuses chat after the end (the same words): the messages stay, the box goes.
              <p className={styles.chatClosed}>{LIVE_SOCKET_MSG.chatClosed}</p>
            ) : (
              <ChatInput
                muted={muted}
                offline={state.conn === 'open' ? null : state.conn === 'closed' ? '聊天已断开，请刷新页面' : '连接中…'}
                onSend={(text) => send({ t: 'say', text })}
              />
            )}
          </div>
        ) : null}
        {tab === 'cards' ? (
          <div className={styles.cardsTab}>
            {openCards.length === 0 ? <p className={styles.empty}>老师推送的题卡会显示在这里</p> : null}
            {[...openCards].reverse().map((c) => (
              <div key={c.id} className={styles.quizBox}>
                <QuizCard card={c} mine={mine[c.id]} busy={busy} onAnswer={isHost ? undefined : (k) => answer(c.id, k)} />
              </div>
            ))}
          </div>
        ) : null}
        {tab === 'host' && isHost ? <HostPanel pinned={state.pinned ?? data.pinned} cards={cards} send={send} /> : null}
      </div>
      {sheet && !isHost ? <QuizCardSheet card={sheet} mine={mine[sheet.id]} busy={busy} onAnswer={(k) => answer(sheet.id, k)} onClose={() => dismiss(sheet)} /> : null}
    </div>
  );
}

function TabButton({ id, tab, setTab, label }: { id: Tab; tab: Tab; setTab: (t: Tab) => void; label: string }) {
  return (
    <button type="button" role="tab" aria-selected={tab === id} className={tab === id ? `${styles.tab} ${styles.tabOn}` : styles.tab} onClick={() => setTab(id)}>
      {label}
    </button>
  );
}

/**
 * The cards (the room's, updated by the socket and by my answers), my answers, and the sheet: the newest card the
 * teacher opened, then its results when closed, unless I put that state of it away.
 */
function useCards(data: RoomData, live: Record<number, LiveCard>, liveID: number) {
  const [answered, setAnswered] = useState<{ mine: Record<number, string>; cards: Record<number, LiveCard> }>({ mine: {}, cards: {} });
  const [dismissed, setDismissed] = useState<Set<string>>(() => new Set());
  const [busy, setBusy] = useState(false);
  const cards = useMemo(() => {
    const byId = new Map<number, LiveCard>();
    for (const c of data.cards) byId.set(c.id, c);
    for (const c of Object.values(answered.cards)) byId.set(c.id, c);
    // The socket's state wins, except that an answer's closed card is never reopened by an older frame.
    for (const c of Object.values(live)) if (byId.get(c.id)?.state !== 'closed' || c.state === 'closed') byId.set(c.id, c);
    return [...byId.values()].sort((a, b) => a.id - b.id);
  }, [data.cards, live, answered.cards]);
  const mine: Record<number, string> = { ...(data.myAnswers as Record<number, string>), ...answered.mine };
  // Results pop up only for cards I saw open in this visit (not for those closed before I came).
  const seenOpen = useRef(new Set<number>()).current;
  for (const c of cards) if (c.state === 'open') seenOpen.add(c.id);
  const sheet = [...cards].reverse().find((c) => seenOpen.has(c.id) && c.state !== 'ready' && !dismissed.has(`${c.id}:${c.state}`)) ?? null;
  const answer = (cardID: number, key: string) => {
    if (busy || mine[cardID] !== undefined) return;
    setBusy(true);
    answerCard(liveID, cardID, key)
      .then((r) => setAnswered((a) => ({ mine: { ...a.mine, [cardID]: r.choice }, cards: { ...a.cards, [cardID]: r.card } })))
      .catch((e: unknown) => toast(errorText(e)))
      .finally(() => setBusy(false));
  };
  const dismiss = (c: LiveCard) => setDismissed((d) => new Set(d).add(`${c.id}:${c.state}`));
  return { cards, mine, sheet, busy, answer, dismiss };
}
