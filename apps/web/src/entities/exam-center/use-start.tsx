import type { UnlockingVersion } from '@kaoshi/contract';
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { versionBadge, type SelectedSubject } from '../../lib/subject';
import { SheetBuyPrompt } from '../../ui/buy-prompt';
import { alertMsg } from '../../ui/dialogs';
import { errorText } from '../../lib/error-text';
import { deniedVersions } from '../../lib/denied-versions';
import { sessionPath, startMode, type StartedSession, type StartRequest } from './api';

/**
 * Starting a TEST_MODES row from a screen: POST simulationTest/start, then the session's player
 * (/computerPaper or /answerTest). A 403 opens the buy prompt with the server's `unlocking`; other errors
 * are shown in a dialog. `then: 'stay'` hands the session back instead (the exam room shows its ticket).
 */
export function useStartMode(subject: SelectedSubject) {
  const navigate = useNavigate();
  const [denied, setDenied] = useState<UnlockingVersion[] | null>(null);
  const mutation = useMutation({
    mutationFn: ({ req }: { req: StartRequest; then: 'play' | 'stay' }) => startMode(subject.AppID, req),
    onSuccess: (s, { then }) => {
      if (then === 'play') void navigate(sessionPath(s));
    },
    onError: (err) => {
      const versions = deniedVersions(err);
      if (versions) setDenied(versions);
      else void alertMsg(errorText(err));
    },
  });
  const prompt = <SheetBuyPrompt open={denied !== null} currentName={versionBadge(subject)} versions={denied ?? []} onClose={() => setDenied(null)} />;
  return {
    /** Start and go to the player. */
    start: (req: StartRequest) => mutation.mutate({ req, then: 'play' }),
    /** Start and answer the session (null when it failed: the prompt or the dialog is shown). */
    startHere: async (req: StartRequest): Promise<StartedSession | null> => {
      try {
        return await mutation.mutateAsync({ req, then: 'stay' });
      } catch {
        return null;
      }
    },
    busy: mutation.isPending,
    /** Open the buy prompt for a locked row (from the home grid's decision). */
    showDenied: (versions: UnlockingVersion[]) => setDenied(versions),
    /** The buy prompt: render it once in the screen. */
    prompt,
  };
}
