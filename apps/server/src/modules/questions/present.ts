import { STYLE_IDS, type ExamQuestion, type PracticeGroup, type QuestionType } from '@kaoshi/contract';
import { questions } from '../../db/schema/index.ts';

/** The columns a shown question is made of (practice, study lists and exams select these). */
export const questionColumns = {
  id: questions.id,
  appId: questions.appId,
  extId: questions.extId,
  type: questions.type,
  chapterId: questions.chapterId,
  groupId: questions.groupId,
  groupOrder: questions.groupOrder,
  stem: questions.stem,
  options: questions.options,
  answer: questions.answer,
  explanation: questions.explanation,
  difficulty: questions.difficulty,
};

type QuestionRow = {
  id: number;
  extId: string;
  type: string;
  chapterId: number;
  groupId: number | null;
  groupOrder: number;
  stem: string;
  options: ExamQuestion['options'];
};
type GroupRow = { id: number; type: string; stem: string; options: PracticeGroup['options'] };

/** A question as every screen shows it before its key: ids, type, stem and options (spec field names). */
export const shownQuestion = (r: QuestionRow): ExamQuestion => ({
  allTestID: r.id,
  srcID: r.extId,
  cptID: r.chapterId,
  childTableID: r.groupId ?? 0,
  groupOrder: r.groupOrder,
  childTableName: r.type as QuestionType,
  styleID: STYLE_IDS[r.type as QuestionType] ?? 0,
  stem: r.stem,
  options: r.options,
});

/** A question group (A3/A4 case, B1 shared options) as shown above its questions. */
export const shownGroup = (g: GroupRow): PracticeGroup => ({ childTableID: g.id, childTableName: g.type as QuestionType, stem: g.stem, options: g.options });

/** Knowledge point names per question, in the order given. */
export function pointNamesOf(points: readonly { questionId: number; name: string }[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const p of points) {
    const names = out.get(p.questionId);
    if (names) names.push(p.name);
    else out.set(p.questionId, [p.name]);
  }
  return out;
}
