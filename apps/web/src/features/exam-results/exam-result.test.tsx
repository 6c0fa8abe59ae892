import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { callsTo, demoLogin, fail, fakeApi, renderScreen, resetStorage, trialNursing, shellHandlers } from '../../test/screens';
import ExamResultScreen from './exam-result-screen';
import { gradingSheet, result, rq } from '../../test/fixtures/exam-results';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
});

const open = (url = '/examResult?examHistoryID=42') => renderScreen(<ExamResultScreen />, { path: '/examResult', url });

describe('/examResult', () => {
  it('shows the score against the pass line, the counts and the time used', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'exam.result': () => result() });
    open();
    const card = await screen.findByRole('region', { name: '成绩' });
    expect(screen.getByTestId('score').textContent).toBe('3分');
    expect(screen.getByTestId('verdict').textContent).toBe('合格');
    expect(card.textContent).toContain('及格线3 分');
    expect(card.textContent).toContain('总分5 分');
    expect(card.textContent).toContain('用时12分30秒');
    expect(card.textContent).toContain('答对2 题');
    expect(card.textContent).toContain('答错1 题');
    expect(card.textContent).toContain('未答1 题');
    expect(within(card).getByRole('img').getAttribute('aria-label')).toBe('得分 3 / 5，及格线 3');
    expect(callsTo(callMock, 'exam.result')).toEqual([{ examHistoryID: 42 }]);
  });

  it('says 已交卷，正在计算成绩… while the sheet is graded, and shows the score by itself once it is in', async () => {
    let asked = 0;
    fakeApi(callMock, { ...shellHandlers(), 'exam.result': () => (++asked < 3 ? gradingSheet() : result()) });
    open();
    expect((await screen.findByTestId('grading')).textContent).toContain('已交卷，正在计算成绩…');
    expect(screen.queryByTestId('score')).toBeNull();
    // Asked again after 1 s and 2 s, without the learner doing anything.
    expect((await screen.findByTestId('score', {}, { timeout: 12_000 })).textContent).toBe('3分');
    expect(callsTo(callMock, 'exam.result')).toHaveLength(3);
  }, 20_000);

  it('不合格 and an automatic hand-in are said so', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'exam.result': () => result({ score: 2.3333, passed: false, handedBy: 'deadline' }) });
    open();
    expect((await screen.findByTestId('verdict')).textContent).toBe('不合格');
    expect(screen.getByTestId('score').textContent).toBe('2.33分');
    expect(screen.getByRole('region', { name: '成绩' }).textContent).toContain('时间到，自动交卷');
  });

  it('breaks the score down by question type and by chapter', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'exam.result': () => result() });
    open();
    const bySection = await screen.findByRole('region', { name: '按题型' });
    const rows = within(bySection)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['A1型题', '1', '1', '1', '1/3'],
      ['X型题', '1', '0', '0', '2/2'],
    ]);
    const byChapter = screen.getByRole('region', { name: '按章节' });
    expect(
      within(byChapter)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['心力衰竭', '原发性高血压']);
  });

  it('reviews every question with my reply, the key, the explanation with key points and the knowledge points', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'exam.result': () => result() });
    open();
    const items = await screen.findAllByTestId('review-item');
    expect(items).toHaveLength(4);
    const second = items[1]!;
    expect(within(second).getByTestId('my-answer').textContent).toBe('B');
    expect(within(second).getByTestId('correct-answer').textContent).toBe('A');
    expect(second.textContent).toContain('答错');
    expect(second.textContent).toContain('标疑');
    expect(within(second).getByText('重点2').tagName).toBe('MARK');
    expect(second.textContent).toContain('考点：考点2');
    expect(within(second).getByTestId('option-B').textContent).toContain('我的选择');
    expect(within(items[2]!).getByTestId('my-answer').textContent).toBe('未作答');
    expect(within(items[3]!).getByTestId('my-answer').textContent).toBe('AC');
    expect(within(items[3]!).getByTestId('correct-answer').textContent).toBe('AC');
    expect(items[3]!.textContent).toContain('得分：2/2');
  });

  it('filters 全部/错题/未答/标疑 with counts, kept in the URL', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'exam.result': () => result() });
    const view = open();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['全部（4）', '错题（1）', '未答（1）', '标疑（1）']);
    await user().click(screen.getByRole('tab', { name: '错题（1）' }));
    expect(screen.getAllByTestId('review-item').map((i) => i.getAttribute('aria-label'))).toEqual(['第2题']);
    expect(view.where()).toBe('/examResult?examHistoryID=42&filter=wrong');
    await user().click(screen.getByRole('tab', { name: '未答（1）' }));
    expect(screen.getAllByTestId('review-item').map((i) => i.getAttribute('aria-label'))).toEqual(['第3题']);
    await user().click(screen.getByRole('tab', { name: '标疑（1）' }));
    expect(screen.getAllByTestId('review-item').map((i) => i.getAttribute('aria-label'))).toEqual(['第2题']);
    await user().click(screen.getByRole('tab', { name: '全部（4）' }));
    expect(screen.getAllByTestId('review-item')).toHaveLength(4);
    expect(view.where()).toBe('/examResult?examHistoryID=42');
  });

  it('an empty filter says so', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'exam.result': () => result({ review: { groups: [], list: [rq(1)] } }) });
    open('/examResult?examHistoryID=42&filter=wrong');
    expect(await screen.findByText('没有错题')).toBeTruthy();
  });

  it('A3 questions show the case stem of their group, B1 the shared options', async () => {
    const group = { childTableID: 5, childTableName: 'A3' as const, stem: '病例：患者男，65岁', options: [] };
    const b1 = {
      childTableID: 6,
      childTableName: 'B1' as const,
      stem: '',
      options: [
        { key: 'A', text: '共用甲' },
        { key: 'B', text: '共用乙' },
      ],
    };
    fakeApi(callMock, {
      ...shellHandlers(),
      'exam.result': () =>
        result({
          review: {
            groups: [group, b1],
            list: [rq(1, { childTableID: 5, childTableName: 'A3' }), rq(2, { childTableID: 6, childTableName: 'B1', options: [] })],
          },
        }),
    });
    open();
    const items = await screen.findAllByTestId('review-item');
    expect(items[0]!.textContent).toContain('病例：患者男，65岁');
    expect(within(items[1]!).getByTestId('option-B').textContent).toContain('共用乙');
  });

  it('再考一次 opens the simulator on the same paper; 查看错题本 the wrong-answer book', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'exam.result': () => result() });
    const view = open();
    await user().click(await screen.findByRole('button', { name: '再考一次' }));
    expect(view.where()).toBe('/computerPaper?paperID=7');
    view.unmount();
    const v2 = open();
    await user().click(await screen.findByRole('button', { name: '查看错题本' }));
    expect(v2.where()).toBe('/consolidate');
  });

  it('an attempt of a mode row: 再考一次 goes back to the row’s screen (a drawn set has no paper to reopen)', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'exam.result': () => result({ paperID: null, testMode: 'mockTest' }) });
    const view = open();
    await user().click(await screen.findByRole('button', { name: '再考一次' }));
    expect(view.where()).toBe('/mockTest');
    view.unmount();
    fakeApi(callMock, { ...shellHandlers(), 'exam.result': () => result({ testMode: 'ytmj' }) });
    const v2 = open();
    await user().click(await screen.findByRole('button', { name: '再考一次' }));
    expect(v2.where()).toBe('/ytmj');
  });

  it('a daily test: 再考一次 opens today’s daily test', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'exam.result': () => result({ paperID: null }) });
    const view = open();
    await user().click(await screen.findByRole('button', { name: '再考一次' }));
    expect(view.where()).toBe('/computerPaper?daily=1');
  });

  it('before hand-in shows the server’s 交卷后才能查看答案', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'exam.result': () => fail(400, '交卷后才能查看答案') });
    open();
    expect((await screen.findByRole('alert')).textContent).toContain('交卷后才能查看答案');
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    expect(screen.getByRole('button', { name: '查看考试记录' })).toBeTruthy();
  });

  it('another error is shown with 重试', async () => {
    let n = 0;
    fakeApi(callMock, { ...shellHandlers(), 'exam.result': () => (n++ === 0 ? fail(500, '服务器开小差了，请稍后重试') : result()) });
    open();
    expect((await screen.findByRole('alert')).textContent).toContain('服务器开小差了');
    await user().click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByTestId('score')).toBeTruthy();
  });

  it('another learner’s or an unknown record: 考试记录不存在, no 重试', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'exam.result': () => fail(404, '考试记录不存在') });
    open();
    expect((await screen.findByRole('alert')).textContent).toContain('考试记录不存在');
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });

  it('a 403 shows the buy prompt', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'exam.result': () => {
        throw new ApiError(403, '开通以下任一班次可使用该功能', { unlocking: [{ vn: '3', vname: '至尊班' }] }, 'reply');
      },
    });
    open();
    expect(await screen.findByText('开通以下任一班次可使用模拟考试')).toBeTruthy();
  });

  it('a bad examHistoryID is refused without a call', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'exam.result': () => result() });
    open('/examResult?examHistoryID=abc');
    expect(screen.getByText('考试记录编号不正确')).toBeTruthy();
    open('/examResult');
    await waitFor(() => expect(screen.getAllByText('考试记录编号不正确')).toHaveLength(2));
    expect(callsTo(callMock, 'exam.result')).toEqual([]);
  });
});
