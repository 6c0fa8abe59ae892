import { queryOptions } from '@tanstack/react-query';
import { simulationLockSection, simulationResume, simulationStart } from '@kaoshi/contract';
import { call } from '../../api/client';
import { examKeys } from '../../entities/exam/api';
import { getUserID } from '../../lib/session';
import { mergeResume, type QState, type Session, type StartTarget } from '../../lib/exam-model';
import { pendingExamReplies } from '../../lib/outbox/exam';

/** What the 机考 screen opens with: the server's session and this device's unsent replies merged on top. */
export interface Loaded {
  session: Session;
  states: Map<number, QState>;
  /** Device ms when the session reply arrived (for the clock offset). */
  receivedAt: number;
}

const targetKey = (t: StartTarget) => ('daily' in t ? 'daily' : 'examHistoryID' in t ? `session:${t.examHistoryID}` : t.paperID);

/**
 * Starts (or resumes) the learner's session of a paper, of today's daily paper, or a session by id.
 * `start` answers the learner's open session of the paper if there is one, so leaving and coming back
 * — on this device or another — resumes the same session with the server's remaining time.
 */
export const startQuery = (appID: number, target: StartTarget) =>
  queryOptions({
    queryKey: [...examKeys.all, 'start', getUserID(), appID, targetKey(target)],
    queryFn: async (): Promise<Loaded> => {
      const session =
        'examHistoryID' in target
          ? await call(simulationResume, { examHistoryID: target.examHistoryID }, { silent: true })
          : await call(simulationStart, { appID, ...('daily' in target ? { daily: true } : { paperID: target.paperID }) }, { silent: true });
      const receivedAt = Date.now();
      let pending: Awaited<ReturnType<typeof pendingExamReplies>> = [];
      try {
        pending = await pendingExamReplies(session.examHistoryID);
      } catch {
        /* nothing kept on this device */
      }
      return { session, states: mergeResume(session, pending), receivedAt };
    },
    // Every visit asks the server again: the remaining time and the replies are the server's.
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** Closes a section for good (分卷作答): the server answers the section now open and its clock. */
export const lockSection = (examHistoryID: number, sectionIndex: number) => call(simulationLockSection, { examHistoryID, sectionIndex }, { silent: true, allowedRepeat: true });
