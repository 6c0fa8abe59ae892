import type { PaperKind, PaperSection, PaperTag } from '@kaoshi/contract';
import type { PoolRow } from './draw.ts';

/** A paper as written to the database (seed files, set recipes). */
export interface PaperWrite {
  appId: number;
  code: string;
  kind: PaperKind;
  name: string;
  year: number | null;
  tag: PaperTag | null;
  timeLimitSeconds: number;
  passScore: number;
  totalScore: number;
  sections: PaperSection[];
}

/** A bank question as set recipes draw from it. */
export interface SetPoolRow extends PoolRow {
  difficulty: number;
  year: number | null;
  /** Points of the question (ids). */
  points: number[];
}
