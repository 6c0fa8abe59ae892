import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LikeBatcher } from '../live-socket';
import styles from '../room.module.css';
import { chinaParts } from '../../../lib/china-time';

/** The time now, every `ms`. */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}

const two = (n: number) => String(n).padStart(2, '0');

/** '2026-11-20T11:00:00Z' → '11月20日 19:00' (China time, as the lists show). */
export function startText(iso: string): string {
  const d = chinaParts(Date.parse(iso));
  return `${d.m}月${d.d}日 ${two(d.hh)}:${two(d.mm)}`;
}

/** What is left before the start: '2天 03:04:05', '03:04:05', or null when it is time. */
export function countdown(ms: number): string | null {
  if (ms <= 0) return null;
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86400);
  const hms = `${two(Math.floor((s % 86400) / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
  return d > 0 ? `${d}天 ${hms}` : hms;
}

/** Before the start: the start time and a countdown in the player's place (the chat is open below). */
export function WaitingStage({ startsAt }: { startsAt: string }) {
  const now = useNow();
  const left = countdown(Date.parse(startsAt) - now);
  return (
    <div className={`${styles.stage} ${styles.placard}`} role="status">
      <p className={styles.placardTitle}>直播尚未开始</p>
      <p>{`开播时间：${startText(startsAt)}`}</p>
      <p className={styles.countdown}>{left ? `距开播 ${left}` : '老师即将开播，请稍候'}</p>
    </div>
  );
}

/** After the end: 直播已结束, and the replay when it is ready. */
export function EndedStage({ liveID, replay }: { liveID: number; replay: boolean }) {
  return (
    <div className={`${styles.stage} ${styles.placard}`} role="status">
      <p className={styles.placardTitle}>直播已结束</p>
      {replay ? (
        <Link className={styles.placardLink} to={`/livereview?liveID=${liveID}`} replace>
          观看回放
        </Link>
      ) : (
        <p>回放生成中，请稍后再来</p>
      )}
    </div>
  );
}

/** X人在线 and the like button: taps go out as one `like {n}` at most every 500 ms, each with a floating heart. */
export function RoomBar({ online, likes, sendLikes }: { online: number | null; likes: number | null; sendLikes: (n: number) => boolean }) {
  const batcher = useRef<LikeBatcher | null>(null);
  const send = useRef(sendLikes);
  send.current = sendLikes;
  const [hearts, setHearts] = useState<number[]>([]);
  const [waiting, setWaiting] = useState(0);
  const seq = useRef(0);
  useEffect(() => {
    const b = new LikeBatcher((n) => {
      const ok = send.current(n);
      setWaiting(0);
      return ok;
    });
    batcher.current = b;
    return () => b.dispose();
  }, []);
  const tap = () => {
    batcher.current?.tap();
    setWaiting((w) => w + 1);
    const id = ++seq.current;
    setHearts((h) => [...h.slice(-5), id]);
    setTimeout(() => setHearts((h) => h.filter((x) => x !== id)), 900);
  };
  return (
    <div className={styles.roomBar}>
      <span className={styles.online}>{online !== null ? `${online}人在线` : '连接中…'}</span>
      <button type="button" className={styles.likeButton} onClick={tap} aria-label={`点赞 ${(likes ?? 0) + waiting}`}>
        <span aria-hidden="true">♥</span>
        <span>{(likes ?? 0) + waiting}</span>
        {hearts.map((id) => (
          <span key={id} className={styles.heart} aria-hidden="true">
            ♥
          </span>
        ))}
      </button>
    </div>
  );
}
