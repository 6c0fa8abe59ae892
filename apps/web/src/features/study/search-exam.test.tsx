import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { callsTo, demoLogin, fakeApi, renderScreen, resetStorage, trialNursing } from '../../test/screens';
import SearchExamScreen from './search-exam-screen';
import { page, sq } from '../../test/fixtures/study';
import { highlight, matchExcerpt } from '../../entities/study/format';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
});

const results = (keyword: string, p: number) =>
  p === 1
    ? {
        ...page([sq({ allTestID: 1, stem: '<b>胰岛素</b>的保存：胰岛素应冷藏' }), sq({ allTestID: 2, stem: '糖尿病饮食', explanation: '餐前30分钟注射胰岛素，注意低血糖' })], {
          total: 3,
          pageSize: 2,
        }),
        keyword,
      }
    : { ...page([sq({ allTestID: 3, stem: '第二页胰岛素' })], { total: 3, pageSize: 2, page: 2 }), keyword };

describe('/searchExam', () => {
  it('searches on enter, keeps the words in the URL, highlights them as text and pages on', async () => {
    fakeApi(callMock, { 'study.searchTest': (p) => results(String(p.keyword), Number(p.page)) });
    const view = renderScreen(<SearchExamScreen />, { path: '/searchExam' });
    expect(screen.getByText(/在「护士执业资格」的题库中搜索/)).toBeTruthy();
    expect(callMock).not.toHaveBeenCalled();
    await user().type(screen.getByRole('searchbox', { name: '搜索关键词' }), ' 胰岛素 {Enter}');
    await waitFor(() => expect(view.where()).toBe('/searchExam?keyword=%E8%83%B0%E5%B2%9B%E7%B4%A0'));
    const list = await screen.findByRole('list', { name: '搜索结果' });
    expect(callsTo(callMock, 'study.searchTest')[0]).toEqual({ appID: 1001, keyword: '胰岛素', page: 1, pageSize: 10 });
    const first = within(list).getAllByTestId('excerpt')[0]!;
    // Markup-like text stays text: no <b> element, two <mark>s.
    expect(first.querySelector('b')).toBeNull();
    expect(first.textContent).toBe('<b>胰岛素</b>的保存：胰岛素应冷藏');
    expect([...first.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['胰岛素', '胰岛素']);
    // The match is in the explanation: that part is shown.
    expect(within(list).getAllByTestId('excerpt')[1]!.textContent).toBe('解析：餐前30分钟注射胰岛素，注意低血糖');
    expect(screen.getByText('找到 3 题')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByText('第二页', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
    await user().click(screen.getByRole('button', { name: /第二页/ }));
    expect(view.where()).toBe('/testdetails?allTestID=3');
  });

  it('练习这些题 opens the search practice; the button submits too', async () => {
    fakeApi(callMock, { 'study.searchTest': (p) => results(String(p.keyword), Number(p.page)) });
    const view = renderScreen(<SearchExamScreen />, { path: '/searchExam', url: '/searchExam?keyword=%E8%83%B0%E5%B2%9B%E7%B4%A0' });
    expect((screen.getByRole('searchbox', { name: '搜索关键词' }) as HTMLInputElement).value).toBe('胰岛素');
    await user().click(await screen.findByRole('button', { name: '练习这些题' }));
    expect(view.where()).toBe('/answerTest?source=search&keyword=%E8%83%B0%E5%B2%9B%E7%B4%A0');
  });

  it('an empty keyword is refused in Chinese; no results says so', async () => {
    fakeApi(callMock, { 'study.searchTest': (p) => ({ ...page([]), keyword: String(p.keyword) }) });
    renderScreen(<SearchExamScreen />, { path: '/searchExam' });
    await user().click(screen.getByRole('button', { name: '搜索' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入要搜索的关键词');
    expect(callMock).not.toHaveBeenCalled();
    await user().type(screen.getByRole('searchbox', { name: '搜索关键词' }), '不存在的词');
    await user().click(screen.getByRole('button', { name: '搜索' }));
    expect(await screen.findByText('没有找到包含“不存在的词”的题目，换个词试试')).toBeTruthy();
  });
});

describe('highlight and matchExcerpt', () => {
  it('split text around every match, case-insensitively', () => {
    expect(highlight('ECG 与 ecg', 'Ecg')).toEqual([
      { text: 'ECG', hit: true },
      { text: ' 与 ', hit: false },
      { text: 'ecg', hit: true },
    ]);
    expect(highlight('abc', '')).toEqual([{ text: 'abc', hit: false }]);
  });

  it('mark each of several words, the earliest first and the longest of two starting together', () => {
    expect(highlight('高血压患者的护理与高血压危象', ['护理', '高血压', '高血压危象'])).toEqual([
      { text: '高血压', hit: true },
      { text: '患者的', hit: false },
      { text: '护理', hit: true },
      { text: '与', hit: false },
      { text: '高血压危象', hit: true },
    ]);
    expect(highlight('abc', [' ', ''])).toEqual([{ text: 'abc', hit: false }]);
  });

  it('cut a long matching option around the match', () => {
    const long = `${'甲'.repeat(50)}关键${'乙'.repeat(50)}`;
    const ex = matchExcerpt(sq({ stem: '题干', options: [{ key: 'C', text: long }] }), '关键');
    expect(ex.where).toBe('选项C');
    expect(ex.text.startsWith('…')).toBe(true);
    expect(ex.text.endsWith('…')).toBe(true);
    expect(ex.text).toContain('关键');
  });
});
