import { z } from 'zod';
import { PAPER_TAGS } from './papers.ts';
import { QUESTION_TYPES } from './types.ts';

/* ---------------- a paper file (JSON, content/demo/papers/<appID>/*.json; docs/papers.md) ---------------- */

const code = (what: string) =>
  z
    .string({ error: `${what}必须是文字` })
    .trim()
    .min(1, { error: `${what}不能为空` })
    .max(64, { error: `${what}不能超过64个字符` })
    .regex(/^[A-Za-z0-9_.-]+$/, { error: `${what}只能包含字母、数字、下划线、点和短横线` });

/** One section: questions of one type, named by their bank ids (the `id` of items and sub-questions in the bank files). */
export const paperFileSection = z.object({
  type: z.enum(QUESTION_TYPES, { error: '题型必须是 A1、A2、A3、A4、B1、X、TF、FILL 或 CASE' }),
  /** The heading; defaults to the type's name (A1型题 …). */
  title: z.string({ error: '大题名称必须是文字' }).trim().min(1, { error: '大题名称不能为空' }).max(50, { error: '大题名称不能超过50个字符' }).optional(),
  /** Marks per question. */
  score: z.number({ error: '每题分值必须是数字' }).positive({ error: '每题分值必须大于0' }).max(100, { error: '每题分值不能超过100' }),
  /** Answerable questions by bank id; a group section lists each group's sub-questions, all of them, in order. */
  questions: z.array(code('题目编号')).min(1, { error: '每个大题至少要有一道题' }).max(500, { error: '每个大题最多500道题' }),
});
export type PaperFileSection = z.infer<typeof paperFileSection>;

export const paperFile = z.object({
  appID: z.number({ error: '科目编号必须是数字' }).int({ error: '科目编号必须是数字' }).positive({ error: '科目编号必须是数字' }),
  /** Unique within the subject; re-seeding updates the paper with the same code in place. */
  code: code('试卷编号'),
  kind: z.enum(['mock', 'past'], { error: '试卷类型必须是 mock（模拟考试）或 past（历年真题）' }),
  name: z.string({ error: '试卷名称必须是文字' }).trim().min(1, { error: '试卷名称不能为空' }).max(100, { error: '试卷名称不能超过100个字符' }),
  year: z.number({ error: '年份格式不正确' }).int({ error: '年份格式不正确' }).min(1990, { error: '年份格式不正确' }).max(2100, { error: '年份格式不正确' }).optional(),
  /** A collection the paper belongs to (ytmj 押题密卷, lnjt 历年精题, burning, secret, sprint); none = an ordinary paper. */
  tag: z.enum(PAPER_TAGS, { error: '试卷标签必须是 ytmj、lnjt、burning、secret 或 sprint' }).optional(),
  /** Time limit in minutes (whole minutes, more than 0). */
  timeLimitMinutes: z
    .number({ error: '考试时长必须是分钟数' })
    .int({ error: '考试时长必须是整数分钟' })
    .positive({ error: '考试时长必须大于0' })
    .max(600, { error: '考试时长不能超过600分钟' }),
  /** Pass line in marks (at most the paper's total). */
  passScore: z.number({ error: '及格分必须是数字' }).min(0, { error: '及格分不能小于0' }),
  sections: z.array(paperFileSection).min(1, { error: '试卷至少要有一个大题' }).max(20, { error: '试卷最多20个大题' }),
});
export type PaperFile = z.infer<typeof paperFile>;
