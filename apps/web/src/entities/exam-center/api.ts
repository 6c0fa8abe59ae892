import { queryOptions } from '@tanstack/react-query';
import { simulationBlueprint, simulationHistory, simulationOpen, simulationStart, type DataOf } from '@kaoshi/contract';
import { call } from '../../api/client';

/**
 * Data of the exam centre (/exam) and the drawn-test screens (/mockTest, /evaluationChapter,
 * /examinationGuide, the /mnkcNew exam room) — docs/exam-center.md: the calls' types, query keys and query
 * options, and the start of a session. Titles, blurbs, modules and rules come from the contract's TEST_MODES
 * rows; hub.ts groups them for the hub, format.ts writes the screens' figures.
 */

export type Blueprint = DataOf<typeof simulationBlueprint>;
export type OpenSession = DataOf<typeof simulationOpen>['list'][number];
export type StartedSession = DataOf<typeof simulationStart>;

export const centerKeys = {
  blueprint: (appID: number) => ['exam', 'blueprint', appID] as const,
  open: (appID: number) => ['exam', 'open', appID] as const,
  modeHistory: (appID: number, mode: string) => ['exam', 'modeHistory', appID, mode] as const,
};

export const blueprintQuery = (appID: number) =>
  queryOptions({
    queryKey: centerKeys.blueprint(appID),
    queryFn: () => call(simulationBlueprint, { appID }, { silent: true }),
    retry: false,
    staleTime: 5 * 60_000,
  });

/** The learner's open sessions (继续考试). Always asked again: the remaining time is the server's. */
export const openQuery = (appID: number) =>
  queryOptions({
    queryKey: centerKeys.open(appID),
    queryFn: () => call(simulationOpen, { appID }, { silent: true }),
    retry: false,
    staleTime: 0,
  });

/** Every handed-in attempt of one mode (pages of 20, at most 10 pages): for a best score per item. */
export const modeHistoryQuery = (appID: number, mode: string) =>
  queryOptions({
    queryKey: centerKeys.modeHistory(appID, mode),
    queryFn: async () => {
      const first = await call(simulationHistory, { appID, testMode: mode }, { silent: true });
      const list = [...first.list];
      for (let page = 2; list.length < first.total && page <= 10; page += 1) {
        const next = await call(simulationHistory, { appID, testMode: mode, page }, { silent: true });
        if (next.list.length === 0) break;
        list.push(...next.list);
      }
      return list;
    },
    retry: false,
    staleTime: 0,
  });

/** Where a session is played: the exam display in /computerPaper, the practice display in the player. */
export const sessionPath = (s: { examHistoryID: number; mode: 'exam' | 'practice' }): string =>
  s.mode === 'practice' ? `/answerTest?source=session&examHistoryID=${s.examHistoryID}` : `/computerPaper?examHistoryID=${s.examHistoryID}`;

export interface StartRequest {
  testMode: string;
  paperID?: number;
  key?: number;
  restart?: boolean;
}

/** Start (or, without restart, resume the open session of the same source) a TEST_MODES row. */
export const startMode = (appID: number, req: StartRequest): Promise<StartedSession> => call(simulationStart, { appID, ...req }, { silent: true });
