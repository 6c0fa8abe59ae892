import { useEffect } from 'react';
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
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let active = true;
    void confirm({ title: '暂时离开', content: LEAVE_CONFIRM, confirmText: '离开', cancelText: '继续答题' }).then((ok) => {
      if (!active) return;
      if (ok) {
        onLeave();
        blocker.proceed();
      } else blocker.reset();
    });
    return () => {
      active = false;
    };
  }, [blocker, onLeave]);
}
