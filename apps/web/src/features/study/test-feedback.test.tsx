import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { STUDY_MSG } from '@kaoshi/contract';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { toast } from '../../ui/dialogs';
import { callsTo, demoLogin, fakeApi, renderScreen, resetStorage, trialNursing, type ReplyData } from '../../test/screens';
import TestFeedbackScreen, { THANKS } from './test-feedback-screen';
import { sq } from '../../test/fixtures/study';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
});

const cpt = () => ({
  AppID: 1001,
  chapterName: '心力衰竭',
  group: null,
  question: sq({ allTestID: 42, stem: '心衰病人【首选】的体位是' }),
  stats: { answered: 0, right: 0, rightRate: 0, options: [] },
  mine: { attempts: 0, right: 0, lastReply: null },
});

type Report = ReplyData<'study.listQuestionReports'>['list'][number];
const report = (id: number, over: Partial<Report> = {}): Report => ({
  id,
  allTestID: 42,
  excerpt: '心衰病人首选的体位是',
  kinds: ['答案有误'],
  content: '',
  status: 'open',
  reply: null,
  createdAt: '2026-03-01T02:00:00.000Z',
  ...over,
});

describe('/testfeedback', () => {
  it('shows the question and my reports with status and reply; sends the chosen kinds and description', async () => {
    const stored = [report(1, { status: 'resolved', reply: '已更正答案为B', kinds: ['答案有误', '解析有误'], content: '答案应为B' })];
    fakeApi(callMock, {
      'study.cptcontent': () => cpt(),
      'study.listQuestionReports': () => ({ page: 1, total: stored.length, list: [...stored].reverse() }),
      'study.addQuestionReport': (p) => {
        const r = report(2, { kinds: String(p.kinds).split(','), content: p.content ?? '' });
        stored.push(r);
        return r;
      },
    });
    renderScreen(<TestFeedbackScreen />, { path: '/testfeedback', url: '/testfeedback?allTestID=42' });
    expect((await screen.findByTestId('question-excerpt')).textContent).toBe('心衰病人首选的体位是');
    const mine = await screen.findByRole('region', { name: '我的纠错' });
    expect(await within(mine).findByText('已处理')).toBeTruthy();
    expect(within(mine).getByText('回复：已更正答案为B')).toBeTruthy();
    expect(within(mine).getByText('答案有误、解析有误：答案应为B')).toBeTruthy();

    await user().click(screen.getByRole('button', { name: '选项有误' }));
    await user().click(screen.getByRole('button', { name: '题干有误' }));
    await user().click(screen.getByRole('button', { name: '图片不清' }));
    await user().click(screen.getByRole('button', { name: '图片不清' }));
    expect(screen.getByRole('button', { name: '选项有误' }).getAttribute('aria-pressed')).toBe('true');
    await user().type(screen.getByRole('textbox'), '  选项C与D重复 ');
    expect(screen.getByText('10/500')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(callsTo(callMock, 'study.addQuestionReport')).toEqual([{ appID: 1001, allTestID: 42, kinds: '题干有误,选项有误', content: '选项C与D重复' }]));
    expect(await screen.findByText(THANKS)).toBeTruthy();
    expect(toast).toHaveBeenCalledWith(THANKS);
    expect(await within(mine).findByText('处理中')).toBeTruthy();
    expect(within(mine).getByText('题干有误、选项有误：选项C与D重复')).toBeTruthy();
    expect(screen.getByRole('button', { name: '选项有误' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('without a kind it asks for one; a refused report shows the server message', async () => {
    fakeApi(callMock, {
      'study.cptcontent': () => cpt(),
      'study.listQuestionReports': () => ({ page: 1, total: 0, list: [] }),
      'study.addQuestionReport': () => {
        throw new ApiError(429, STUDY_MSG.reportTooMany, null, 'reply');
      },
    });
    renderScreen(<TestFeedbackScreen />, { path: '/testfeedback', url: '/testfeedback?allTestID=42' });
    expect(await screen.findByText('还没有提交过纠错')).toBeTruthy();
    await user().click(await screen.findByRole('button', { name: '提交' }));
    expect(screen.getByRole('alert').textContent).toBe(STUDY_MSG.reportKinds);
    expect(callsTo(callMock, 'study.addQuestionReport')).toEqual([]);
    await user().click(screen.getByRole('button', { name: '其他' }));
    await user().click(screen.getByRole('button', { name: '提交' }));
    expect((await screen.findByRole('alert')).textContent).toBe(STUDY_MSG.reportTooMany);
    expect(callsTo(callMock, 'study.addQuestionReport')[0]).toEqual({ appID: 1001, allTestID: 42, kinds: '其他', content: undefined });
  });

  it('the description is limited to 500 characters', async () => {
    fakeApi(callMock, { 'study.cptcontent': () => cpt(), 'study.listQuestionReports': () => ({ page: 1, total: 0, list: [] }) });
    renderScreen(<TestFeedbackScreen />, { path: '/testfeedback', url: '/testfeedback?allTestID=42' });
    const box = (await screen.findByRole('textbox')) as HTMLTextAreaElement;
    expect(box.maxLength).toBe(500);
  });

  it('a bad id still lists my reports', async () => {
    fakeApi(callMock, { 'study.listQuestionReports': () => ({ page: 1, total: 1, list: [report(1)] }) });
    renderScreen(<TestFeedbackScreen />, { path: '/testfeedback', url: '/testfeedback' });
    expect(screen.getByText('链接参数不正确：缺少试题编号')).toBeTruthy();
    expect(await screen.findByText('处理中')).toBeTruthy();
    expect(callsTo(callMock, 'study.cptcontent')).toEqual([]);
  });
});
