import { VIDEO_SPEEDS } from '@kaoshi/contract';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { clock } from '../api';
import styles from './player-controls.module.css';

/** How long the controls stay after the last touch or mouse move while playing. */
export const CONTROLS_HIDE_MS = 3000;

type WebkitVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void; webkitDisplayingFullscreen?: boolean };
type WebkitElement = HTMLElement & { webkitRequestFullscreen?: () => Promise<void> | void };
type WebkitDocument = Document & { webkitFullscreenElement?: Element | null; webkitExitFullscreen?: () => void };

const fullscreenElement = () => document.fullscreenElement ?? (document as WebkitDocument).webkitFullscreenElement ?? null;

/**
 * Full screen with our controls: the stage (video, watermark, controls) goes full screen where the browser allows an
 * element to (desktop, Android, iPad); an iPhone allows only the video itself, which then shows the system's controls.
 */
export function toggleFullscreen(stage: HTMLElement | null, video: HTMLVideoElement | null): void {
  const doc = document as WebkitDocument;
  if (fullscreenElement()) {
    if (document.exitFullscreen) void document.exitFullscreen().catch(() => undefined);
    else doc.webkitExitFullscreen?.();
    return;
  }
  const el = stage as WebkitElement | null;
  if (el?.requestFullscreen && document.fullscreenEnabled !== false) void el.requestFullscreen().catch(() => undefined);
  else if (el?.webkitRequestFullscreen) void el.webkitRequestFullscreen();
  else (video as WebkitVideo | null)?.webkitEnterFullscreen?.();
}

const ICONS = {
  play: 'M8 5v14l11-7z',
  pause: 'M6 5h4v14H6zm8 0h4v14h-4z',
  sound: 'M3 9v6h4l5 5V4L7 9H3zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4z',
  muted: 'M3 9v6h4l5 5V4L7 9H3zm13.6 3 2.7-2.7-1.4-1.4-2.7 2.7-2.7-2.7-1.4 1.4 2.7 2.7-2.7 2.7 1.4 1.4 2.7-2.7 2.7 2.7 1.4-1.4z',
  full: 'M4 9V4h5v2H6v3zm11-5h5v5h-2V6h-3zm5 11v5h-5v-2h3v-3zM9 20H4v-5h2v3h3z',
  exitFull: 'M7 4h2v5H4V7h3zm8 0h2v3h3v2h-5zm0 11h5v2h-3v3h-2zM4 15h5v5H7v-3H4z',
} as const;

const Icon = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <path d={d} fill="currentColor" />
  </svg>
);

export interface PlayerControlsProps {
  video: RefObject<HTMLVideoElement | null>;
  stage: RefObject<HTMLDivElement | null>;
  now: number;
  duration: number;
  /** The preview's end (s), 0 for the whole lesson. */
  limit: number;
  speed: number;
  onSpeed: (speed: number) => void;
  onSeek: (second: number) => void;
}

/**
 * The player's one set of controls (docs/video.md "Player"; the <video> has no native controls): a seek bar, play /
 * pause, the time, speed, mute and full screen, over the foot of the video, so they are there in full screen too.
 * They stay while paused or focused and fade 3 s after the last touch or mouse move while playing; a tap on the video
 * brings them back (a mouse click plays or pauses). The keyboard of the stage (player.tsx) works beside them.
 */
export function PlayerControls({ video, stage, now, duration, limit, speed, onSpeed, onSeek }: PlayerControlsProps) {
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [full, setFull] = useState(false);
  const [awake, setAwake] = useState(true);
  const [focused, setFocused] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pointer = useRef('mouse');
  const awakeNow = useRef(true);
  const rest = (on: boolean) => {
    awakeNow.current = on;
    setAwake(on);
  };
  const wake = () => {
    rest(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => rest(false), CONTROLS_HIDE_MS);
  };

  useEffect(() => {
    const v = video.current;
    const s = stage.current;
    if (!v || !s) return;
    setPlaying(!v.paused);
    const onPlay = () => {
      setPlaying(true);
      wake();
    };
    const onPause = () => setPlaying(false);
    const onVolume = () => setMuted(v.muted);
    const onFull = () => setFull(fullscreenElement() === s);
    // The stage's surface: a touch shows or hides the controls, a mouse click plays or pauses; moving wakes them.
    const onDown = (e: PointerEvent) => (pointer.current = e.pointerType || 'mouse');
    const onMove = (e: PointerEvent) => e.pointerType === 'mouse' && wake();
    const onSurface = () => {
      if (pointer.current === 'mouse') void (v.paused ? v.play().catch(() => undefined) : v.pause());
      else if (!v.paused && awakeNow.current) return rest(false);
      wake();
    };
    // One signal takes every listener off again.
    const off = new AbortController();
    const o = { signal: off.signal };
    v.addEventListener('play', onPlay, o);
    v.addEventListener('pause', onPause, o);
    v.addEventListener('volumechange', onVolume, o);
    v.addEventListener('click', onSurface, o);
    s.addEventListener('pointerdown', onDown, o);
    s.addEventListener('pointermove', onMove, o);
    s.addEventListener('focus', wake, o);
    document.addEventListener('fullscreenchange', onFull, o);
    document.addEventListener('webkitfullscreenchange', onFull, o);
    return () => off.abort();
  }, [video, stage]); // eslint-disable-line react-hooks/exhaustive-deps -- wake and rest only set state and the timer
  useEffect(() => () => clearTimeout(timer.current), []);

  const shown = !playing || awake || focused;
  const end = Math.max(1, duration);
  const toggle = () => {
    const v = video.current;
    if (v) void (v.paused ? v.play().catch(() => undefined) : v.pause());
    wake();
  };
  return (
    <div
      className={styles.controls}
      data-shown={shown}
      data-testid="player-controls"
      onFocus={() => setFocused(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setFocused(false)}
      onPointerDown={wake}
    >
      <div className={styles.bar}>
        <button type="button" className={styles.button} aria-label={playing ? '暂停' : '播放'} onClick={toggle}>
          <Icon d={playing ? ICONS.pause : ICONS.play} />
        </button>
        <span className={styles.time}>{`${clock(now)} / ${clock(duration)}`}</span>
        <input
          type="range"
          className={styles.seek}
          min={0}
          max={end}
          step={1}
          value={Math.min(end, Math.floor(now))}
          aria-label="播放进度"
          aria-valuetext={`${clock(now)} / ${clock(duration)}`}
          style={{ ['--played' as string]: `${Math.min(100, (now / end) * 100)}%`, ['--allowed' as string]: `${limit > 0 ? Math.min(100, (limit / end) * 100) : 100}%` }}
          onChange={(e) => onSeek(Number(e.target.value))}
        />
        <select className={styles.speed} value={speed} onChange={(e) => onSpeed(Number(e.target.value))} aria-label="播放倍速">
          {VIDEO_SPEEDS.map((s) => (
            <option key={s} value={s}>{`${s}x`}</option>
          ))}
        </select>
        <button
          type="button"
          className={`${styles.button} ${styles.mute}`}
          aria-label="静音"
          aria-pressed={muted}
          onClick={() => {
            if (video.current) video.current.muted = !video.current.muted;
            wake();
          }}
        >
          <Icon d={muted ? ICONS.muted : ICONS.sound} />
        </button>
        <button type="button" className={styles.button} aria-label={full ? '退出全屏' : '全屏'} onClick={() => toggleFullscreen(stage.current, video.current)}>
          <Icon d={full ? ICONS.exitFull : ICONS.full} />
        </button>
      </div>
    </div>
  );
}
