/**
 * Papers (docs/exams.md, docs/test-modes.md): how a paper is made — drawn from the bank by a blueprint
 * (draw.ts), the daily paper of a China day (daily.ts), set papers from recipes (sets.ts) — and the stored
 * papers' files (validate.ts, store.ts, seeded by seed/seed-papers.ts). No calls: the exam engine serves them.
 */
export { blueprintOf, DEFAULT_BLUEPRINT, drawSections, isoWeek, type Blueprint, type PoolRow } from './draw.ts';
export { dailyPaper } from './daily.ts';
export { materialise, setRecipes } from './sets.ts';
export { paperOperations } from './operations.ts';
export type { PaperWrite } from './store.ts';
export { templatePaper } from './template.ts';
export { paperInUse, subjectPapers } from './readers.ts';
export { checkPaperFile } from './validate.ts';
