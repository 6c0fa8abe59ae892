import { VIDEO_SAVE_EVERY_MS } from '@kaoshi/contract';
import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import { flushProgress, queueProgress } from '../../../lib/outbox/video';
import { videoAutoplay } from '../../../lib/preferences';
import { track } from '../../../lib/tracking';
import { clock, renewLesson, type LessonData } from '../api';
import { RENEW_BEFORE_MS, WatchTracker, WATERMARK_MOVE_MS, withToken } from '../watch';
import styles from '../video.module.css';
import { PlayerControls, toggleFullscreen } from './player-controls';
import controlStyles from './player-controls.module.css';

export interface PlayerProps {
  data: LessonData;
  /** Where to start (s). */
  startAt: number;
  /** The screen that plays (for the tracking call's `type`). */
  screen: string;
  /** The preview stopped at its limit. */
  onPreviewEnd: () => void;
  /** The whole lesson played to its end. */
  onEnded: () => void;
  /** Filled with what the screen around may do: seek, read the playhead. */
  control?: MutableRefObject<PlayerControl | null>;
}

export interface PlayerControl {
  seek(second: number): void;
  time(): number;
}

type HlsLike = { destroy(): void; startLoad(): void; recoverMediaError(): void };

/**
 * The lesson player (loaded only on the video routes): hls.js where Media Source Extensions exist, the native HLS of
 * the <video> element elsewhere (iOS Safari); inline in WeChat; our own controls only (player-controls.tsx: seek,
 * speeds, mute, full screen of the stage), chapter markers, keyboard on desktop, the moving watermark. It saves the
 * position and the seconds really watched every 10 s, on pause, when the page is hidden and when it leaves, through
 * the video outbox; it renews its play token before it runs out.
 */
export function VideoPlayer({ data, startAt, screen, onPreviewEnd, onEnded, control }: PlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const base = useRef(data.play.url);
  const tracker = useRef(new WatchTracker());
  const [speed, setSpeed] = useState(1);
  const [now, setNow] = useState(startAt);
  const [failed, setFailed] = useState(false);
  const [spot, setSpot] = useState({ x: 8, y: 10 });
  const { lesson, play } = data;
  const limit = play.limitSeconds;
  const ends = useRef({ onPreviewEnd, onEnded });
  ends.current = { onPreviewEnd, onEnded };

  // The source: hls.js (every file asked with the newest token) or native HLS.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    base.current = data.play.url;
    let hls: HlsLike | undefined;
    let gone = false;
    void (async () => {
      const { default: Hls } = await import('hls.js/light');
      if (gone) return;
      if (Hls.isSupported()) {
        const h = new Hls({
          startPosition: startAt,
          xhrSetup: (xhr: XMLHttpRequest, url: string) => xhr.open('GET', withToken(url, base.current), true),
        });
        h.on(Hls.Events.ERROR, (_e, err) => {
          if (!err.fatal) return;
          if (err.type === Hls.ErrorTypes.NETWORK_ERROR) h.startLoad();
          else if (err.type === Hls.ErrorTypes.MEDIA_ERROR) h.recoverMediaError();
          else setFailed(true);
        });
        // Tapping a lesson plays it at once unless 自动播放 is off in /currency (a browser that refuses autoplay leaves it
        // paused, poster shown).
        h.on(Hls.Events.MANIFEST_PARSED, () => {
          if (videoAutoplay()) void video.play().catch(() => undefined);
        });
        h.loadSource(data.play.url);
        h.attachMedia(video);
        hls = h;
      } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
        video.src = data.play.url;
        video.addEventListener(
          'loadedmetadata',
          () => {
            video.currentTime = startAt;
            if (videoAutoplay()) void video.play().catch(() => undefined);
          },
          { once: true },
        );
      } else setFailed(true);
    })();
    track.videoSwitch({ appID: lesson.appID, videoID: lesson.id, actType: 'play', type: screen, progress: startAt });
    return () => {
      gone = true;
      hls?.destroy();
    };
    // One source per lesson and token grant; the start is read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data.lesson.id]);

  // A new token before this one runs out (hls.js asks every later file with it), again and again for a long lesson.
  const [expiresAt, setExpiresAt] = useState(data.play.expiresAt);
  useEffect(() => {
    const wait = Math.max(5_000, Date.parse(expiresAt) - Date.now() - RENEW_BEFORE_MS);
    const timer = setTimeout(() => {
      renewLesson(lesson.id)
        .then((fresh) => {
          base.current = fresh.play.url;
          setExpiresAt(fresh.play.expiresAt);
          const video = videoRef.current;
          // Native HLS cannot rewrite its URLs: reload at the same second.
          if (video && video.src && !video.src.startsWith('blob:')) {
            const at = video.currentTime;
            video.src = fresh.play.url;
            video.addEventListener('loadedmetadata', () => (video.currentTime = at), { once: true });
          }
        })
        .catch(() => undefined);
    }, wait);
    return () => clearTimeout(timer);
  }, [expiresAt, lesson.id]);

  // Saving: every 10 s while playing, on pause, when hidden, and when leaving.
  useEffect(() => {
    const video = videoRef.current;
    const watched = tracker.current;
    if (!video) return;
    let previewOver = false;
    const previewEnds = () => {
      if (previewOver) return;
      previewOver = true;
      ends.current.onPreviewEnd();
    };
    const save = () => {
      const ranges = watched.take();
      const position = Math.floor(video.currentTime);
      if (ranges.length === 0 && position === 0) return;
      void queueProgress(lesson.id, position, ranges);
      const percent = lesson.durationS > 0 ? Math.min(100, Math.floor((position * 100) / lesson.durationS)) : 0;
      track.videoProgress({ appID: lesson.appID, videoID: lesson.id, progress: position, duration: lesson.durationS, percent });
    };
    const every = setInterval(() => !video.paused && save(), VIDEO_SAVE_EVERY_MS);
    const hidden = () => {
      if (document.visibilityState === 'hidden') {
        watched.close();
        save();
        void flushProgress();
      }
    };
    const onTime = () => {
      const t = video.currentTime;
      setNow(t);
      if (!video.paused && !video.seeking) watched.tick(t);
      if (limit > 0 && t >= limit - 0.25) {
        video.pause();
        previewEnds();
      }
    };
    const onPause = () => {
      watched.close();
      save();
    };
    const onSeeking = () => watched.close();
    const onEnd = () => {
      watched.close();
      save();
      track.videoSwitch({ appID: lesson.appID, videoID: lesson.id, actType: 'end', type: screen, progress: video.currentTime });
      if (limit > 0 && limit < lesson.durationS) previewEnds();
      else ends.current.onEnded();
    };
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('pause', onPause);
    video.addEventListener('seeking', onSeeking);
    video.addEventListener('ended', onEnd);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      clearInterval(every);
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('seeking', onSeeking);
      video.removeEventListener('ended', onEnd);
      document.removeEventListener('visibilitychange', hidden);
      watched.close();
      save();
    };
  }, [lesson.id, lesson.appID, lesson.durationS, limit, screen]);

  useEffect(() => {
    if (videoRef.current) videoRef.current.playbackRate = speed;
  }, [speed]);

  // Full screen on a phone turns to landscape where the browser allows it (Android Chrome; iOS rotates by itself).
  useEffect(() => {
    const turn = () => {
      const o = window.screen.orientation as ScreenOrientation & { lock?: (o: string) => Promise<void> };
      if (document.fullscreenElement) void o?.lock?.('landscape').catch(() => undefined);
      else o?.unlock?.();
    };
    document.addEventListener('fullscreenchange', turn);
    return () => document.removeEventListener('fullscreenchange', turn);
  }, []);

  // The watermark moves every 20 s.
  useEffect(() => {
    const timer = setInterval(() => setSpot({ x: 5 + Math.random() * 55, y: 8 + Math.random() * 70 }), WATERMARK_MOVE_MS);
    return () => clearInterval(timer);
  }, []);

  const seek = (s: number) => {
    const video = videoRef.current;
    if (video) video.currentTime = Math.max(0, Math.min(s, limit > 0 ? limit - 0.5 : lesson.durationS));
  };
  if (control) control.current = { seek, time: () => videoRef.current?.currentTime ?? 0 };

  // Keyboard on desktop: space, ←/→ 5 s, ↑/↓ volume, M mute, F full screen.
  const onKey = (e: React.KeyboardEvent) => {
    const video = videoRef.current;
    if (!video) return;
    const keys: Record<string, () => void> = {
      ' ': () => void (video.paused ? video.play() : video.pause()),
      ArrowLeft: () => seek(video.currentTime - 5),
      ArrowRight: () => seek(video.currentTime + 5),
      ArrowUp: () => (video.volume = Math.min(1, video.volume + 0.1)),
      ArrowDown: () => (video.volume = Math.max(0, video.volume - 0.1)),
      m: () => (video.muted = !video.muted),
      f: () => toggleFullscreen(stageRef.current, video),
    };
    const run = keys[e.key.length === 1 ? e.key.toLowerCase() : e.key];
    if (run && e.target === e.currentTarget) {
      e.preventDefault();
      run();
    }
  };

  return (
    <div className={styles.player}>
      <div
        ref={stageRef}
        className={`${styles.stage} ${controlStyles.stage}`}
        role="group"
        tabIndex={0}
        onKeyDown={onKey}
        aria-label="视频播放器，空格播放或暂停，方向键快进快退，F 全屏"
      >
        {/* One set of controls, ours (player-controls.tsx): no native ones beside them, in full screen neither. */}
        <video
          ref={videoRef}
          className={styles.video}
          poster={play.poster}
          playsInline
          preload="metadata"
          controlsList="nodownload"
          data-testid="lesson-video"
          {...{ 'webkit-playsinline': 'true', 'x5-playsinline': 'true', 'x5-video-player-type': 'h5' }}
        />
        <span className={styles.watermark} style={{ left: `${spot.x}%`, top: `${spot.y}%` }} aria-hidden="true">
          {data.watermark}
        </span>
        {limit > 0 ? <span className={`${styles.previewTag} ${controlStyles.badge}`}>{`试看${clock(limit)}`}</span> : null}
        {failed ? <p className={styles.failed}>视频加载失败，请检查网络后重试</p> : null}
        <PlayerControls video={videoRef} stage={stageRef} now={now} duration={lesson.durationS} limit={limit} speed={speed} onSpeed={setSpeed} onSeek={seek} />
      </div>
      {lesson.markers.length > 0 ? (
        <div className={styles.markers} aria-label="章节标记">
          <span className={styles.markerTrack}>
            <span className={styles.markerFill} style={{ width: `${Math.min(100, (now / Math.max(1, lesson.durationS)) * 100)}%` }} />
            {lesson.markers.map((m) => (
              <span key={m.second} className={styles.markerTick} style={{ left: `${(m.second / Math.max(1, lesson.durationS)) * 100}%` }} />
            ))}
          </span>
          <ul className={styles.markerList}>
            {lesson.markers.map((m) => (
              <li key={m.second}>
                <button type="button" className={styles.markerChip} onClick={() => seek(m.second)} disabled={limit > 0 && m.second >= limit}>
                  {`${clock(m.second)} ${m.title}`}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
