import { describe, expect, it } from 'vitest';
import { unionRanges } from '../../lib/outbox/video';
import { clock, playPath, progressText } from './api';
import { WatchTracker, withToken } from './watch';

describe('WatchTracker: only seconds really played count', () => {
  it('turns continuous playing into one range and a seek into a new one', () => {
    const w = new WatchTracker();
    for (let t = 0; t <= 10; t += 0.25) w.tick(t);
    w.tick(50); // a jump: a seek, not playing
    for (let t = 50.25; t <= 53; t += 0.25) w.tick(t);
    w.close();
    expect(w.take()).toEqual([
      [0, 10],
      [50, 53],
    ]);
  });

  it('adds nothing for a drag to the end, and goes on from the playhead after a take', () => {
    const w = new WatchTracker();
    w.tick(0);
    w.close(); // seeking
    w.tick(118);
    w.close(); // ended
    expect(w.take()).toEqual([]);
    const v = new WatchTracker();
    for (let t = 0; t <= 6; t += 0.5) v.tick(t);
    expect(v.take()).toEqual([[0, 6]]);
    for (let t = 6.5; t <= 9; t += 0.5) v.tick(t);
    v.close();
    expect(v.take()).toEqual([[6, 9]]);
  });

  it('counts 2× playing (1 s steps at 0.5 s ticks) as watched', () => {
    const w = new WatchTracker();
    for (let t = 0; t <= 20; t += 1) w.tick(t);
    w.close();
    expect(w.take()).toEqual([[0, 20]]);
  });
});

describe('helpers', () => {
  it('merges ranges, swaps the token of a media URL, formats times and paths', () => {
    expect(
      unionRanges([
        [10, 20],
        [0, 5],
        [5, 8],
        [15, 30],
        [40, 40],
      ]),
    ).toEqual([
      [0, 8],
      [10, 30],
    ]);
    expect(withToken('http://h/media/v/7/OLD.sig/360p/seg-00001.ts', '/media/v/7/NEW.sig/master.m3u8')).toBe('http://h/media/v/7/NEW.sig/360p/seg-00001.ts');
    expect([clock(75), clock(3725), clock(0)]).toEqual(['1:15', '1:02:05', '0:00']);
    expect([playPath(3), playPath(3, { second: 42.7, only: true }), playPath(4, { ej: true })]).toEqual([
      '/videoStudy?lessonID=3',
      '/videoPlayonly?lessonID=3&t=42',
      '/videoEjPlay?lessonID=4',
    ]);
    expect(progressText({ progress: null })).toBe('');
    expect(progressText({ progress: { position: 1, watchedS: 9, percent: 45, completed: false, updatedAt: '' } })).toBe('已学45%');
  });
});
