import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { showNoContent } from './no-content';

// The dialog renders imperatively (its own React root), outside act(); React's scheduler runs on setImmediate.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
const tick = () => new Promise((r) => setImmediate(r));

async function rendered() {
  await vi.dynamicImportSettled();
  for (let i = 0; i < 5; i++) await tick();
}

afterEach(() => vi.useRealTimers());

describe('no-content dialog', () => {
  it("is titled '提示' with '内容更新中，敬请期待～' and closes after 3000 ms, removing its history entry", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    const length = window.history.length;
    const handle = showNoContent();
    expect(window.history.length).toBe(length + 1);
    await rendered();
    expect(document.body.textContent).toContain('提示');
    expect(document.body.textContent).toContain('内容更新中，敬请期待～');
    const closed = vi.fn();
    void handle.closed.then(closed);
    vi.advanceTimersByTime(2999);
    await tick();
    expect(closed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await expect(handle.closed).resolves.toBe('timeout');
    expect(back).toHaveBeenCalledTimes(1);
  });

  it('hides on browser back (popstate) without going back again', async () => {
    const back = vi.spyOn(window.history, 'back');
    const handle = showNoContent({ text: '视频更新中', mode: 'video' });
    await rendered();
    expect(document.body.textContent).toContain('视频更新中');
    expect(document.querySelector('[data-mode="video"] svg')).not.toBeNull();
    window.dispatchEvent(new PopStateEvent('popstate'));
    await expect(handle.closed).resolves.toBe('back');
    expect(back).not.toHaveBeenCalled();
  });

  it('takes another duration, and can be closed by the caller', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    const short = showNoContent({ duration: 500, mode: 'test' });
    vi.advanceTimersByTime(500);
    await expect(short.closed).resolves.toBe('timeout');
    const manual = showNoContent();
    manual.close();
    await expect(manual.closed).resolves.toBe('closed');
  });
});
