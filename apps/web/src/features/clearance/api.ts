import { queryOptions } from '@tanstack/react-query';
import { clearanceLevels, clearanceStart, type ClearanceKind, type ClearanceLevel, type DataOf } from '@kaoshi/contract';
import { call } from '../../api/client';

/**
 * Data of the level maps (docs/clearance-grabpoint.md): the ladder with the learner's states, and starting a
 * level. Calls are silent: the screens show a 403 as the buy prompt and other errors inline or in a dialog.
 */

export type LevelRow = ClearanceLevel;
export type StartedLevel = DataOf<typeof clearanceStart>;

/** The TEST_MODES row of each ladder's route. */
export const LADDER_ROUTE: Record<ClearanceKind, string> = { chapter: 'tifenGuoguan', random: 'randomPassCheck' };

export const levelsQuery = (appID: number, kind: ClearanceKind) =>
  queryOptions({
    queryKey: ['clearance', 'levels', appID, kind] as const,
    queryFn: async () => (await call(clearanceLevels, { appID, kind }, { silent: true })).list,
    retry: false,
    // States change after every hand-in: read again on every visit.
    staleTime: 0,
  });

export const startLevel = (appID: number, kind: ClearanceKind, levelID: number) => call(clearanceStart, { appID, kind, levelID }, { silent: true });

/** '★★☆' for 2 of 3 stars. */
export const starText = (stars: number): string => '★'.repeat(stars) + '☆'.repeat(Math.max(0, 3 - stars));

/** The ladder's summary: levels passed, stars earned of the possible, and the level to play next (first open one). */
export function summary(list: readonly LevelRow[]) {
  const passed = list.filter((l) => l.state === 'passed').length;
  const stars = list.reduce((n, l) => n + l.stars, 0);
  const next = list.find((l) => l.open !== null) ?? list.find((l) => l.state === 'open') ?? null;
  return { passed, total: list.length, stars, maxStars: list.length * 3, next };
}
