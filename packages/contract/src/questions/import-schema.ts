import { z } from 'zod';
import { GROUP_TYPES, OPTION_KEYS } from './types.ts';

/* ---------------- the import file (JSON) ---------------- */

const code = (what: string) =>
  z
    .string({ error: `${what}必须是文字` })
    .trim()
    .min(1, { error: `${what}不能为空` })
    .max(64, { error: `${what}不能超过64个字符` })
    .regex(/^[A-Za-z0-9_.-]+$/, { error: `${what}只能包含字母、数字、下划线、点和短横线` });
const prose = (what: string, max = 4000) =>
  z
    .string({ error: `${what}必须是文字` })
    .trim()
    .min(1, { error: `${what}不能为空` })
    .max(max, { error: `${what}不能超过${max}个字符` });
const optProse = (what: string, max = 4000) =>
  z
    .string({ error: `${what}必须是文字` })
    .trim()
    .max(max, { error: `${what}不能超过${max}个字符` })
    .optional();

export const importOption = z.object({
  key: z.enum(OPTION_KEYS, { error: '选项字母必须是A到J' }),
  text: prose('选项内容', 1000),
});
export type ImportOption = z.infer<typeof importOption>;

/** Fields every answerable item carries. */
const itemMeta = {
  /** Stable id within the subject: re-importing the same id updates the question in place. */
  id: code('题目编号'),
  explanation: prose('解析', 8000),
  /** Knowledge point codes (declared in `knowledgePoints`). */
  points: z.array(code('考点编号')).max(10, { error: '考点最多10个' }).default([]),
  difficulty: z
    .number({ error: '难度必须是1到5的整数' })
    .int({ error: '难度必须是1到5的整数' })
    .min(1, { error: '难度必须是1到5的整数' })
    .max(5, { error: '难度必须是1到5的整数' })
    .default(3),
  year: z.number({ error: '年份格式不正确' }).int({ error: '年份格式不正确' }).min(1990, { error: '年份格式不正确' }).max(2100, { error: '年份格式不正确' }).optional(),
  source: optProse('来源', 100),
};

/** The answer as written in files: option keys run together ('C', 'ACD'); FILL: accepted texts. */
const keys = z
  .string({ error: '答案必须是选项字母' })
  .trim()
  .toUpperCase()
  .regex(/^[A-J]{1,10}$/, { error: '答案必须是选项字母，如 C 或 ACD' });

const singleItem = z.discriminatedUnion('type', [
  z.object({ type: z.literal('A1'), chapter: code('章节编号'), stem: prose('题干'), options: z.array(importOption), answer: keys, ...itemMeta }),
  z.object({ type: z.literal('A2'), chapter: code('章节编号'), stem: prose('题干'), options: z.array(importOption), answer: keys, ...itemMeta }),
  z.object({ type: z.literal('X'), chapter: code('章节编号'), stem: prose('题干'), options: z.array(importOption), answer: keys, ...itemMeta }),
  z.object({
    type: z.literal('TF'),
    chapter: code('章节编号'),
    stem: prose('题干'),
    answer: z.enum(['A', 'B'], { error: '判断题答案必须是 A（正确）或 B（错误）' }),
    ...itemMeta,
  }),
  z.object({
    type: z.literal('FILL'),
    chapter: code('章节编号'),
    stem: prose('题干'),
    /** Accepted answers; a learner's answer is right when it equals one of them after trimming spaces. */
    answer: z.array(prose('答案', 200)).min(1, { error: '填空题至少要有一个答案' }),
    ...itemMeta,
  }),
]);

/** A sub-question of a group (A3/A4/CASE carry their own options; B1 uses the group's). */
const subQuestion = z.object({ stem: prose('题干'), options: z.array(importOption).optional(), answer: keys, ...itemMeta });

const groupItem = z.object({
  type: z.enum(GROUP_TYPES, { error: '题型不正确' }),
  /** Stable id of the group. */
  id: code('题组编号'),
  chapter: code('章节编号'),
  /** The shared case (A3, A4, CASE); B1 may leave it out. */
  stem: optProse('题组题干'),
  /** B1: the shared options. */
  options: z.array(importOption).optional(),
  questions: z.array(subQuestion).min(2, { error: '题组至少要有两道小题' }).max(20, { error: '题组最多20道小题' }),
});

export const importItem = z.union([singleItem, groupItem], { error: '题目格式不正确' });
export type ImportItem = z.infer<typeof importItem>;
export type ImportSingle = z.infer<typeof singleItem>;
export type ImportGroup = z.infer<typeof groupItem>;

export const importChapter = z.object({
  code: code('章节编号'),
  name: prose('章节名称', 100),
  /** The parent chapter's code; none = top level. */
  parent: code('上级章节编号').optional(),
});

export const importPoint = z.object({ code: code('考点编号'), name: prose('考点名称', 100) });

/** A question bank file for one subject (`npm run import -- <file>`; docs/questions.md). */
export const importFile = z.object({
  appID: z.number({ error: '科目编号必须是数字' }).int({ error: '科目编号必须是数字' }).positive({ error: '科目编号必须是数字' }),
  chapters: z.array(importChapter).min(1, { error: '至少要有一个章节' }),
  knowledgePoints: z.array(importPoint).default([]),
  items: z.array(z.unknown()).min(1, { error: '至少要有一道题' }),
});
export type ImportFile = z.infer<typeof importFile>;
