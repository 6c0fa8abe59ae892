import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renewPlay } from '../room-api';
import { LIVE_HLS_CONFIG, LivePlayer, liveWithToken } from './live-player';

const hls = vi.hoisted(() => {
  class FakeHls {
    static Events = { ERROR: 'error', MANIFEST_PARSED: 'manifestParsed' };
    static ErrorTypes = { NETWORK_ERROR: 'net', MEDIA_ERROR: 'media' };
    static ErrorDetails = { MANIFEST_LOAD_ERROR: 'manifestLoadError', MANIFEST_LOAD_TIMEOUT: 'manifestLoadTimeOut' };
    static isSupported = () => true;
    static last: FakeHls | null = null;
    handlers: Record<string, (...a: unknown[]) => void> = {};
    source = '';
    liveSyncPosition: number | null = null;
    constructor(readonly config: Record<string, unknown>) {
      FakeHls.last = this;
    }
    on(e: string, fn: (...a: unknown[]) => void) {
      this.handlers[e] = fn;
    }
    loadSource(url: string) {
      this.source = url;
    }
    attachMedia() {}
    destroy() {}
    startLoad() {}
    recoverMediaError() {}
    /** The URL hls.js would ask for a file, through xhrSetup. */
    ask(url: string) {
      let opened = '';
      (this.config.xhrSetup as (x: unknown, u: string) => void)({ open: (_m: string, u: string) => (opened = u) }, url);
      return opened;
    }
  }
  return { FakeHls };
});
vi.mock('hls.js/light', () => ({ default: hls.FakeHls }));
vi.mock('../room-api', () => ({ renewPlay: vi.fn() }));

const play = vi.fn();
beforeEach(() => {
  hls.FakeHls.last = null;
  play.mockReset();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const started = async () => {
  await waitFor(() => expect(hls.FakeHls.last).not.toBeNull());
  return hls.FakeHls.last!;
};

describe('live player', () => {
  it('swaps the token of a session’s media path', () => {
    expect(liveWithToken('http://h/media/l/5/old/seg-3.ts', '/media/l/5/new/index.m3u8')).toBe('http://h/media/l/5/new/seg-3.ts');
    expect(liveWithToken('/media/l/5/old/replay/seg-1.ts', '/media/l/5/new/replay/index.m3u8')).toBe('/media/l/5/new/replay/seg-1.ts');
  });

  it('plays the live stream with the low-latency settings and asks later files with the renewed token', async () => {
    vi.mocked(renewPlay).mockResolvedValue({ url: '/media/l/5/tok2/index.m3u8', expiresAt: '2099-01-01T00:00:00.000Z' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<LivePlayer liveID={5} play={{ url: '/media/l/5/tok1/index.m3u8', expiresAt: new Date(Date.now() + 65_000).toISOString() }} mode="live" />);
    const h = await started();
    expect(h.source).toBe('/media/l/5/tok1/index.m3u8');
    expect(h.config).toMatchObject(LIVE_HLS_CONFIG);
    expect(h.ask('/media/l/5/tok1/seg-9.ts')).toBe('/media/l/5/tok1/seg-9.ts');
    expect(renewPlay).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(5_100));
    expect(renewPlay).toHaveBeenCalledWith(5);
    expect(h.ask('/media/l/5/tok1/seg-10.ts')).toBe('/media/l/5/tok2/seg-10.ts');
    vi.useRealTimers();
  });

  it('a browser that refuses sound plays muted with 点击开启声音', async () => {
    play.mockRejectedValueOnce(new DOMException('no', 'NotAllowedError')).mockResolvedValue(undefined);
    render(<LivePlayer liveID={5} play={{ url: '/media/l/5/tok1/index.m3u8', expiresAt: '2099-01-01T00:00:00.000Z' }} mode="live" />);
    const h = await started();
    act(() => h.handlers.manifestParsed!());
    const button = await screen.findByRole('button', { name: '点击开启声音' });
    const video = screen.getByTestId('live-video') as HTMLVideoElement;
    expect(video.muted).toBe(true);
    act(() => button.click());
    expect(video.muted).toBe(false);
    expect(screen.queryByRole('button', { name: '点击开启声音' })).toBeNull();
  });

  it('more than 8 s behind the live edge, 回到直播 seeks to hls.js’s sync position', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<LivePlayer liveID={5} play={{ url: '/media/l/5/tok1/index.m3u8', expiresAt: '2099-01-01T00:00:00.000Z' }} mode="live" />);
    const h = await started();
    const video = screen.getByTestId('live-video') as HTMLVideoElement;
    let now = 100;
    Object.defineProperty(video, 'currentTime', { get: () => now, set: (v: number) => (now = v), configurable: true });
    h.liveSyncPosition = 106;
    await act(() => vi.advanceTimersByTimeAsync(1100));
    expect(screen.queryByRole('button', { name: '回到直播' })).toBeNull();
    h.liveSyncPosition = 112;
    await act(() => vi.advanceTimersByTimeAsync(1100));
    act(() => screen.getByRole('button', { name: '回到直播' }).click());
    expect(now).toBe(112);
    expect(screen.queryByRole('button', { name: '回到直播' })).toBeNull();
  });

  it('asks again for the playlist of a stream that just started (404 until its first fragment)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<LivePlayer liveID={5} play={{ url: '/media/l/5/tok1/index.m3u8', expiresAt: '2099-01-01T00:00:00.000Z' }} mode="live" />);
    const h = await started();
    h.source = '';
    act(() => h.handlers.error!('error', { fatal: true, type: 'net', details: 'manifestLoadError' }));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(h.source).toBe('');
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    expect(h.source).toBe('/media/l/5/tok1/index.m3u8');
    vi.useRealTimers();
  });
});
