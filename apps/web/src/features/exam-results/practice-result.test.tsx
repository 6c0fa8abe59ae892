import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { callsTo, demoLogin, fakeApi, renderScreen, resetStorage, trialNursing, shellHandlers } from '../../test/screens';
import ExamResultScreen from './exam-result-screen';
import { examSession } from '../../test/fixtures/exam';
import { result } from '../../test/fixtures/exam-results';
import { planViewOf } from '../../test/fixtures/plan';

/** /examResult of a practice-display session (docs/practice-screens.md "Practice sessions"). */

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
});

const open = () => renderScreen(<ExamResultScreen />, { path: '/examResult', url: '/examResult?examHistoryID=42' });

describe('/examResult of a practice session', () => {
  it('reads as practice: 练习结果, 通过/未通过, no 再考一次 into the exam hall', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'exam.result': () => ({ ...result({ mode: 'practice', passed: false }), testMode: null, counted: false }) });
    open();
    expect((await screen.findByTestId('verdict')).textContent).toBe('未通过');
    expect(screen.getByText('练习结果')).toBeTruthy();
    expect(screen.queryByText('考试成绩')).toBeNull();
    expect(screen.queryByRole('button', { name: '再考一次' })).toBeNull();
    expect(screen.getByRole('button', { name: '查看错题本' })).toBeTruthy();
  });

  it('再练一次 starts a new practice session of the paper and opens it in the player', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'exam.result': () => ({ ...result({ mode: 'practice' }), testMode: null, counted: false }),
      'exam.start': () => examSession({ examHistoryID: 77, mode: 'practice' }),
    });
    const { where } = open();
    expect((await screen.findByTestId('verdict')).textContent).toBe('通过');
    await user().click(screen.getByRole('button', { name: '再练一次' }));
    await waitFor(() => expect(where()).toBe('/answerTest?source=session&examHistoryID=77'));
    expect(callsTo(callMock, 'exam.start')).toEqual([{ appID: 1001, paperID: 7, mode: 'practice' }]);
  });

  it("a session of a mode row goes back to the mode's screen", async () => {
    fakeApi(callMock, { ...shellHandlers(), 'exam.result': () => ({ ...result({ mode: 'practice', paperID: null }), testMode: 'tifenGuoguan', counted: false }) });
    const { where } = open();
    await user().click(await screen.findByRole('button', { name: '返回闯关提分' }));
    expect(where()).toBe('/tifenGuoguan');
  });

  it('the study plan’s entrance evaluation, passed or not, goes on with 继续制定计划 (issue 32)', async () => {
    const evaluation = { ...result({ mode: 'practice', paperID: null, score: 4, passed: false, name: '学习计划·入学测评' }), testMode: null, counted: false };
    fakeApi(callMock, {
      ...shellHandlers(),
      'exam.result': () => evaluation,
      'plan.study': () => planViewOf({ plan: null, evaluation: { state: 'done', examHistoryID: 42, right: 4, total: 10 } }),
    });
    const { where } = open();
    expect((await screen.findByTestId('verdict')).textContent).toBe('未通过');
    await user().click(await screen.findByRole('button', { name: '继续制定计划' }));
    expect(where()).toBe('/openStudy');
    expect(callsTo(callMock, 'plan.study')).toEqual([{ appID: 1001 }]);
  });

  it('another drawn practice set (not the plan’s evaluation) offers no 继续制定计划', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'exam.result': () => ({ ...result({ mode: 'practice', paperID: null }), testMode: null, counted: false }),
      'plan.study': () => planViewOf({ evaluation: { state: 'done', examHistoryID: 41, right: 6, total: 10 } }),
    });
    open();
    await screen.findByTestId('verdict');
    await waitFor(() => expect(callsTo(callMock, 'plan.study')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: '继续制定计划' })).toBeNull();
    expect(screen.getByRole('button', { name: '查看错题本' })).toBeTruthy();
  });

  it('an exam keeps 考试成绩, 合格 and 再考一次', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'exam.result': () => ({ ...result(), testMode: null, counted: false }) });
    open();
    expect((await screen.findByTestId('verdict')).textContent).toBe('合格');
    expect(screen.getByText('考试成绩')).toBeTruthy();
    expect(screen.getByRole('button', { name: '再考一次' })).toBeTruthy();
  });
});
