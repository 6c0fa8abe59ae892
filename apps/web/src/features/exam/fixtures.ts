import type { ExamQ, Session } from './exam-model';

/** Test data of the exam screen: a paper with A1, A3 (a case of 2), B1 (2 with shared options) and X sections. */

const opts = (...texts: string[]) => texts.map((text, i) => ({ key: 'ABCDE'[i]!, text }));

const q = (over: Partial<ExamQ> & Pick<ExamQ, 'allTestID'>): ExamQ => ({
  srcID: `q${over.allTestID}`,
  cptID: 11,
  childTableID: 0,
  groupOrder: 0,
  childTableName: 'A1',
  styleID: 1,
  stem: `题干${over.allTestID}`,
  options: opts('甲', '乙', '丙', '丁', '戊'),
  ...over,
});

/** serverNow and deadline from the given device-independent instant; `over` replaces any field. */
export function examSession(over: Partial<Session> = {}, { serverNow = Date.now(), remaining = 600 } = {}): Session {
  const now = new Date(serverNow).toISOString();
  return {
    examHistoryID: 41,
    appID: 1001,
    paperID: 3,
    name: '护士执业资格模拟卷（一）',
    kind: 'mock',
    mode: 'exam',
    status: 'open',
    timeLimitSeconds: 600,
    passScore: 4,
    total: 7,
    startedAt: now,
    deadline: new Date(serverNow + remaining * 1000).toISOString(),
    serverNow: now,
    remainingSeconds: remaining,
    testMode: null,
    lockSections: true,
    sectionIndex: 0,
    sections: [
      { type: 'A1', title: 'A1型题', score: 1, locked: false, questions: [1, 2] },
      { type: 'A3', title: 'A3型题', score: 1, locked: false, questions: [3, 4] },
      { type: 'B1', title: 'B1型题', score: 1, locked: false, questions: [5, 6] },
      { type: 'X', title: '多选题', score: 1, locked: false, questions: [7] },
    ],
    groups: [
      { childTableID: 7, childTableName: 'A3', stem: '患者，女，62岁，糖尿病12年。[ecg.png]', options: [] },
      { childTableID: 8, childTableName: 'B1', stem: '', options: opts('二甲双胍', '格列本脲', '阿卡波糖', '普通胰岛素') },
    ],
    list: [
      q({ allTestID: 1, stem: '关于护理的说法' }),
      q({ allTestID: 2 }),
      q({ allTestID: 3, childTableID: 7, childTableName: 'A3', styleID: 6, stem: '最可能的诊断是' }),
      q({ allTestID: 4, childTableID: 7, groupOrder: 1, childTableName: 'A3', styleID: 6, stem: '首选的治疗是' }),
      q({ allTestID: 5, childTableID: 8, childTableName: 'B1', styleID: 8, stem: '进食第一口饭时嚼服的是', options: [] }),
      q({ allTestID: 6, childTableID: 8, groupOrder: 1, childTableName: 'B1', styleID: 8, stem: '肥胖者首选', options: [] }),
      q({ allTestID: 7, childTableName: 'X', styleID: 3, stem: '多选题干' }),
    ],
    replies: {},
    flags: [],
    ...over,
  };
}
