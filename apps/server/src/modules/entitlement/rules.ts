import { MSG, Status } from '@kaoshi/contract';
import { AppError } from '../../platform/errors.ts';

/** The chapters of a module a learner may open: all of them, or (trial) only these. */
export type ChapterAccess = { all: true } | { all: false; open: ReadonlySet<number>; unlocking: { vn: string; vname: string }[] };

/**
 * The chapter-open rule (docs/entitlement.md, "Trial chapters"), the one copy every module asks: a chapter is open
 * when the learner may open the whole module, or when the trial rule opens it. An item outside every chapter
 * (null) is open only with the whole module.
 */
export const chapterOpen = (access: ChapterAccess, chapterId: number | null): boolean => access.all || (chapterId !== null && access.open.has(chapterId));

/** The versions that would open the chapters a list leaves closed (none when all are open). */
export const unlockingOf = (access: ChapterAccess): { vn: string; vname: string }[] => (access.all ? [] : access.unlocking);

/**
 * The one refusal of something the learner has not bought: 403 '开通以下任一班次可使用该功能' with the versions that
 * open it (the web app shows its buy prompt from them). Thrown by the gate and the item policy only.
 */
export const buyPrompt = (unlocking: { vn: string; vname: string }[]): AppError => new AppError(Status.FORBIDDEN, MSG.buyAny, { unlocking });
