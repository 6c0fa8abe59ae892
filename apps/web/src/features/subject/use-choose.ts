import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PendingSubject } from '../../lib/subject';
import { chooseSubject, type ChooseOutcome } from '../../entities/subject/choose-subject';
import { takeSubjectReturn } from '../../lib/subject-return';

/**
 * Runs chooseSubject (spec §4) for a tapped subject, one at a time; a chosen subject leads back to the screen that
 * sent the learner here (lib/subject-return.ts), else to /homePage (replacing the picker, so back does not return
 * to it). `busy` is the AppID in progress.
 */
export function useChooseSubject() {
  const navigate = useNavigate();
  const running = useRef(false);
  const [busy, setBusy] = useState<number | null>(null);

  const choose = useCallback(
    async (pick: PendingSubject): Promise<ChooseOutcome | null> => {
      if (running.current) return null;
      running.current = true;
      setBusy(pick.AppID);
      try {
        const out = await chooseSubject(pick, { navigate: (to, opts) => void navigate(to, opts) });
        // Back to the screen that sent the learner to choose (an invitation, a promotion link), else home.
        if (out.kind === 'chosen') void navigate(takeSubjectReturn() ?? '/homePage', { replace: true });
        return out;
      } catch {
        return null;
      } finally {
        running.current = false;
        setBusy(null);
      }
    },
    [navigate],
  );

  return { choose, busy };
}

/** A catalog entry as chooseSubject's pick. */
export const pickOf = (s: { AppID: number; AppEName: string; AppName: string; CName: string }, vn?: string): PendingSubject => ({
  AppID: s.AppID,
  AppEName: s.AppEName,
  AppName: s.AppName,
  CName: s.CName,
  ...(vn ? { vn } : {}),
});
