import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import { renewPlay } from '../room-api';
import styles from '../room.module.css';

/** A new address is asked for this long before the current one runs out. */
export const RENEW_BEFORE_MS = 60_000;
/** Further behind the live edge than this (s), the player offers 回到直播. */
export const BEHIND_LIVE_S = 8;

/**
 * hls.js for a live stream: 3 s behind the playlist's end, caught up by playing up to 1.5× faster when more than
 * 10 s behind; plain HLS (no LL-HLS parts), so low-latency mode stays off. Two fragments behind (hls.js's count) put
 * the picture 4.4–6.3 s behind the teacher with the ingest's 2 s fragments; 3 s gives 3.4–5.1 s (bench/README.md).
 */
export const LIVE_HLS_CONFIG = {
  // 3 s behind the playlist's end: 1.5 fragments of the ingest's 2 s (bench/README.md, glass-to-glass ≤ 6 s).
  liveSyncDuration: 3,
  liveMaxLatencyDuration: 10,
  maxLiveSyncPlaybackRate: 1.5,
  lowLatencyMode: false,
  backBufferLength: 30,
} as const;

/** A media URL of a session under another token (same file): `/media/l/<id>/<token>/…`. */
export function liveWithToken(url: string, base: string): string {
  const m = /\/media\/l\/\d+\/[^/]+\//.exec(base);
  return m ? url.replace(/\/media\/l\/\d+\/[^/]+\//, m[0]) : url;
}

export interface LivePlayerControl {
  seek(second: number): void;
  time(): number;
}

export interface LivePlayerProps {
  liveID: number;
  play: { url: string; expiresAt: string };
  /** 'live': the stream (catch-up, 回到直播); 'vod': the replay (seekable, from the start). */
  mode: 'live' | 'vod';
  /** The playhead (s), as it plays and after a seek. */
  onTime?: (second: number) => void;
  control?: MutableRefObject<LivePlayerControl | null>;
}

type HlsLike = { destroy(): void; startLoad(): void; loadSource(url: string): void; recoverMediaError(): void; liveSyncPosition: number | null };

/**
 * The live room's and the replay's player (loaded only on /liveroom and /livereview, hls.js with it): hls.js where
 * Media Source Extensions exist, the <video>'s native HLS elsewhere (iOS Safari); inline in WeChat. It starts at
 * once, muted with 点击开启声音 if the browser refuses sound, and renews its token before it runs out.
 */
export function LivePlayer({ liveID, play, mode, onTime, control }: LivePlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const hlsRef = useRef<HlsLike | null>(null);
  const base = useRef(play.url);
  const [failed, setFailed] = useState(false);
  const [silent, setSilent] = useState(false);
  const [behind, setBehind] = useState(false);
  const times = useRef(onTime);
  times.current = onTime;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    base.current = play.url;
    let gone = false;
    // Sound first; a browser that refuses plays muted and the learner taps 点击开启声音.
    const start = () => {
      video.muted = false;
      video.play()?.catch(() => {
        if (gone) return;
        video.muted = true;
        setSilent(true);
        video.play()?.catch(() => undefined);
      });
    };
    void (async () => {
      const { default: Hls } = await import('hls.js/light');
      if (gone) return;
      if (Hls.isSupported()) {
        const h = new Hls({
          ...(mode === 'live' ? LIVE_HLS_CONFIG : {}),
          xhrSetup: (xhr: XMLHttpRequest, url: string) => xhr.open('GET', liveWithToken(url, base.current), true),
        });
        h.on(Hls.Events.ERROR, (_e, err) => {
          if (!err.fatal) return;
          // The playlist of a stream that just started (or restarted) appears after its first fragment: ask again.
          const playlist = err.details === Hls.ErrorDetails.MANIFEST_LOAD_ERROR || err.details === Hls.ErrorDetails.MANIFEST_LOAD_TIMEOUT;
          if (err.type === Hls.ErrorTypes.NETWORK_ERROR)
            setTimeout(() => !gone && (playlist ? h.loadSource(liveWithToken(play.url, base.current)) : h.startLoad()), playlist ? 2000 : 1000);
          else if (err.type === Hls.ErrorTypes.MEDIA_ERROR) h.recoverMediaError();
          else setFailed(true);
        });
        h.on(Hls.Events.MANIFEST_PARSED, start);
        h.loadSource(play.url);
        h.attachMedia(video);
        hlsRef.current = h;
      } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
        video.src = play.url;
        video.addEventListener('loadedmetadata', start, { once: true });
      } else setFailed(true);
    })();
    return () => {
      gone = true;
      hlsRef.current?.destroy();
      hlsRef.current = null;
    };
    // One source per session; a renewed token only changes `base` (hls.js) or reloads (native).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [liveID, mode]);

  // A new token before this one runs out, again and again for a long class.
  const [expiresAt, setExpiresAt] = useState(play.expiresAt);
  useEffect(() => {
    // setTimeout fires at once past 2^31 - 1 ms (about 24 days): a farther expiry waits that long.
    const wait = Math.min(2 ** 31 - 1, Math.max(5_000, Date.parse(expiresAt) - Date.now() - RENEW_BEFORE_MS));
    const timer = setTimeout(() => {
      renewPlay(liveID)
        .then((fresh) => {
          base.current = liveWithToken(base.current, fresh.url);
          setExpiresAt(fresh.expiresAt);
          const video = videoRef.current;
          // Native HLS cannot rewrite its URLs: load the new address (the replay at the same second).
          if (video && video.src && !video.src.startsWith('blob:')) {
            const at = video.currentTime;
            video.src = base.current;
            if (mode === 'vod') video.addEventListener('loadedmetadata', () => (video.currentTime = at), { once: true });
            void video.play()?.catch(() => undefined);
          }
        })
        .catch(() => setExpiresAt(new Date(Date.now() + RENEW_BEFORE_MS + 10_000).toISOString()));
    }, wait);
    return () => clearTimeout(timer);
  }, [expiresAt, liveID, mode]);

  // The playhead, and how far behind the live edge it is.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const onTick = () => times.current?.(video.currentTime);
    video.addEventListener('timeupdate', onTick);
    video.addEventListener('seeked', onTick);
    const edge = mode === 'live' ? setInterval(() => setBehind(liveEdge(video, hlsRef.current) - video.currentTime > BEHIND_LIVE_S), 1000) : undefined;
    return () => {
      video.removeEventListener('timeupdate', onTick);
      video.removeEventListener('seeked', onTick);
      clearInterval(edge);
    };
  }, [mode]);

  const seek = (s: number) => {
    const video = videoRef.current;
    if (video) video.currentTime = Math.max(0, s);
  };
  if (control) control.current = { seek, time: () => videoRef.current?.currentTime ?? 0 };

  const toLive = () => {
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = hlsRef.current?.liveSyncPosition ?? Math.max(0, liveEdge(video, null) - 3);
    void video.play()?.catch(() => undefined);
    setBehind(false);
  };
  const sound = () => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = false;
    void video.play()?.catch(() => undefined);
    setSilent(false);
  };

  return (
    <div className={styles.stage}>
      <video
        ref={videoRef}
        className={styles.video}
        controls
        playsInline
        autoPlay
        preload="auto"
        controlsList="nodownload"
        data-testid="live-video"
        aria-label={mode === 'live' ? '直播画面' : '回放画面'}
        {...{ 'webkit-playsinline': 'true', 'x5-playsinline': 'true', 'x5-video-player-type': 'h5' }}
      />
      {silent ? (
        <button type="button" className={styles.soundButton} onClick={sound}>
          点击开启声音
        </button>
      ) : null}
      {behind ? (
        <button type="button" className={styles.liveButton} onClick={toLive}>
          回到直播
        </button>
      ) : null}
      {failed ? <p className={styles.failed}>视频加载失败，请检查网络后重试</p> : null}
    </div>
  );
}

/** Where the live edge is for this player: hls.js's sync position, else the end of what can be played. */
function liveEdge(video: HTMLVideoElement, hls: HlsLike | null): number {
  if (hls?.liveSyncPosition) return hls.liveSyncPosition;
  const r = video.seekable;
  return r && r.length > 0 ? r.end(r.length - 1) : video.currentTime;
}
