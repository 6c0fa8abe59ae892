import type { ChapterProgress, ChapterTest, PracticeGroup, PracticeQuestion } from './practice-data';

/** Test data of the practice screens. */

export const chapter = (over: Partial<ChapterProgress> & Pick<ChapterProgress, 'cptID' | 'name'>): ChapterProgress => ({
  parentID: null,
  order: over.cptID,
  total: 10,
  done: 0,
  right: 0,
  wrong: 0,
  accuracy: 0,
  spentSeconds: 0,
  lastAnsweredAt: null,
  ...over,
});

const opts = (...texts: string[]) => texts.map((text, i) => ({ key: 'ABCDE'[i]!, text }));

let nextId = 100;
export const question = (over: Partial<PracticeQuestion>): PracticeQuestion => {
  const id = over.allTestID ?? nextId++;
  return {
    allTestID: id,
    srcID: `q${id}`,
    cptID: 11,
    childTableID: 0,
    groupOrder: 0,
    childTableName: 'A1',
    styleID: 1,
    stem: `题干${id}`,
    options: opts('甲', '乙', '丙', '丁', '戊'),
    answer: 'B',
    explanation: `解析${id}`,
    difficulty: 3,
    points: [],
    last: null,
    favourite: false,
    note: null,
    ...over,
  };
};

export const a3Group: PracticeGroup = { childTableID: 7, childTableName: 'A3', stem: '患者，女，62岁，糖尿病12年。', options: [] };
export const b1Group: PracticeGroup = { childTableID: 8, childTableName: 'B1', stem: '', options: opts('二甲双胍', '格列本脲', '阿卡波糖', '普通胰岛素') };

/** A chapter with every kind the player renders: A1, X, FILL, an A3 group (2), a B1 group (2), TF. */
export function mixedChapter(): ChapterTest {
  const list: PracticeQuestion[] = [
    question({ allTestID: 1, stem: '关于护理的说法【要点一】', explanation: '因为【关键点】所以选B' }),
    question({ allTestID: 2, childTableName: 'X', styleID: 3, stem: '多选题干', answer: 'ACD' }),
    question({ allTestID: 3, childTableName: 'FILL', styleID: 5, stem: '降血糖的激素是____', options: [], answer: ['胰岛素', 'insulin'] }),
    question({ allTestID: 4, childTableID: 7, groupOrder: 0, childTableName: 'A3', styleID: 6, srcID: 'g1-1', stem: '最可能的诊断是', answer: 'A' }),
    question({ allTestID: 5, childTableID: 7, groupOrder: 1, childTableName: 'A3', styleID: 6, srcID: 'g1-2', stem: '首选的治疗是', answer: 'C' }),
    question({ allTestID: 6, childTableID: 8, groupOrder: 0, childTableName: 'B1', styleID: 8, stem: '进食第一口饭时嚼服的是', options: [], answer: 'C' }),
    question({ allTestID: 7, childTableID: 8, groupOrder: 1, childTableName: 'B1', styleID: 8, stem: '肥胖者首选', options: [], answer: 'A' }),
    question({ allTestID: 8, childTableName: 'TF', styleID: 4, stem: '胰岛素应冷藏保存', options: [], answer: 'A' }),
  ];
  return { AppID: 1001, cptID: 11, name: '心力衰竭', page: 1, pageSize: 500, total: list.length, groups: [a3Group, b1Group], list, recitePoint: null };
}
