import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { confirm } from '../../../ui/dialogs';

export const LEAVE_CONFIRM = '离开后考试计时不会暂停，答案已保存，可随时回来继续作答。确定离开吗？';

/**
 * Every way out of the 机考 while it runs — the 离开 button, the browser's or the phone's back, a link —
 * asks first, because the clock does not stop. `running()` false (handing in, handed) lets the
 * navigation through; `onLeave` runs when the learner confirms (the answers are flushed).
 */
export function useLeaveGuard(running: () => boolean, onLeave: () => void): void {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => running() && currentLocation.pathname !== nextLocation.pathname);
  // The blocker object changes with every render while blocked: one question per blocked navigation.
  const latest = useRef(blocker);
  latest.current = blocker;
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirm({ title: '暂时离开', content: LEAVE_CONFIRM, confirmText: '离开', cancelText: '继续答题' }).then((ok) => {
      asking.current = false;
      const b = latest.current;
      if (b.state !== 'blocked') return;
      if (ok) {
        onLeave();
        b.proceed();
      } else b.reset();
    });
  }, [blocker, onLeave]);
}
