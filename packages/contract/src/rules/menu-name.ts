/**
 * Menu-name cleaning of spec §5: strips exam-guide wording, year editions, edition words and
 * full-width bracketed text from a catalogue/menu name, e.g. '内科学（中级）2018年版考试大纲' → '内科学'.
 *
 * The exact list (decision; the spec names the kinds, not the words):
 * - exam-guide wording: 考试大纲, 考试指导, 考试指南, 应试指导, 应试指南
 * - year editions: a year 2016–2020 directly followed by 版 or 年版 (2016版 … 2020版, 2018年版).
 *   A bare year ('2018 内科') or another year ('2021版') is kept.
 * - edition words: 最新版, 新版, 修订版, 第…版 with Arabic, full-width or Chinese numerals
 *   (第3版, 第３版, 第十二版)
 * - full-width bracketed text with its brackets: （…） and 【…】, innermost first, so nested and
 *   mixed pairs go too. An unpaired bracket is kept.
 * Tidying (also a decision): ASCII brackets left empty by the above ('(2018版)' → '()') are removed,
 * runs of whitespace become one space, and the ends are trimmed. A name made only of such words
 * cleans to '' — the caller decides what to show then.
 *
 * Removing one piece can join two halves into a new match ('考试（注）大纲'), so the step runs until
 * nothing changes; the result is a fixed point, which makes cleaning idempotent. After the first
 * step (which may turn a tab into a space) every change shortens the text, so it terminates.
 */

export const EXAM_GUIDE_WORDS = ['考试大纲', '考试指导', '考试指南', '应试指导', '应试指南'] as const;
export const EDITION_WORDS = ['最新版', '新版', '修订版'] as const;

const YEAR_EDITION = String.raw`20(?:1[6-9]|20)年?版`;
const NTH_EDITION = String.raw`第[0-9０-９一二三四五六七八九十百]+版`;
const BRACKETED = String.raw`（[^（）]*）|【[^【】]*】`;
const EMPTY_ASCII_BRACKETS = String.raw`\(\s*\)|\[\s*\]`;

const STRIPPED = new RegExp([...EXAM_GUIDE_WORDS, ...EDITION_WORDS, YEAR_EDITION, NTH_EDITION, BRACKETED, EMPTY_ASCII_BRACKETS].join('|'), 'g');

const step = (name: string): string => name.replace(STRIPPED, '').replace(/\s+/g, ' ').trim();

export const cleanMenuName = (name: string): string => {
  let current = name;
  for (let next = step(current); next !== current; next = step(current)) current = next;
  return current;
};
