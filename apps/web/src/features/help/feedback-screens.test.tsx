import { FEEDBACK_MAX_WIDTH, FEEDBACK_MSG, type FeedbackDetail, type FeedbackItem } from '@kaoshi/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { toast } from '../../ui/dialogs';
import { callsTo, demoLogin, fail, fakeApi, renderScreen, resetStorage, trialNursing } from '../../test/screens';
import { AdviceFeedbackScreen } from './advice-feedback-screen';
import { FeedbackAnswerScreen } from './feedback-answer-screen';
import { FeedbackListScreen } from './feedback-list-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs'); // ui/__mocks__/dialogs.ts

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

const item = (id: number, over: Partial<FeedbackItem> = {}): FeedbackItem => ({
  id,
  category: 'bug',
  content: `做题页面卡住了 ${id}`,
  status: 'open',
  imageCount: 0,
  createdAt: new Date(Date.now() - id * 60_000).toISOString(),
  answeredAt: null,
  ...over,
});
const detail = (over: Partial<FeedbackDetail> = {}): FeedbackDetail => ({ ...item(5), contact: '', images: [], answer: null, ...over });
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4])], 'shot.png', { type: 'image/png' });

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
});

describe('/adviceFeedback', () => {
  it('files a category, the text, screenshots and a contact with the chosen subject and the page it came from', async () => {
    saveSelectedSubject(trialNursing);
    let n = 0;
    fakeApi(callMock, {
      'upload.image': () => ({ key: `u/7/feedback/${'k'.repeat(20)}${++n}.jpg`, url: `/media/shot${n}.jpg?e=1&s=x`, width: 8, height: 8 }),
      'feedback.submit': () => ({ id: 9, msg: FEEDBACK_MSG.done }),
    });
    const { where } = renderScreen(<AdviceFeedbackScreen />, { path: '/adviceFeedback', url: '/adviceFeedback?from=%2FanswerTest' });
    const u = user();
    await u.click(screen.getByRole('button', { name: '购买与支付' }));
    expect(screen.getByRole('button', { name: '购买与支付' }).getAttribute('aria-pressed')).toBe('true');
    await u.type(screen.getByRole('textbox', { name: '问题描述' }), '付款后模块没有开通');
    expect(screen.getByText(`18/${FEEDBACK_MAX_WIDTH}（汉字计2）`)).toBeTruthy();
    await u.upload(screen.getByLabelText('添加截图'), [png(), png()]);
    expect(await screen.findByRole('img', { name: '截图2' })).toBeTruthy();
    await u.click(screen.getByRole('button', { name: '删除截图1' }));
    expect(screen.queryByRole('img', { name: '截图2' })).toBeNull();
    await u.type(screen.getByRole('textbox', { name: '联系方式（选填）' }), '12345678');
    await u.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(where()).toBe('/feedback'));
    expect(callsTo(callMock, 'feedback.submit')).toEqual([
      { category: 'pay', content: '付款后模块没有开通', contact: '12345678', images: `u/7/feedback/${'k'.repeat(20)}2.jpg`, appID: 1001, page: '/answerTest' },
    ]);
    expect(callsTo(callMock, 'upload.image').map((p) => p.purpose)).toEqual(['feedback', 'feedback']);
    expect(toast).toHaveBeenCalledWith(FEEDBACK_MSG.done);
  });

  it('filed from 我的反馈 (its 我要反馈), it goes back to that list, so one 返回 then leaves it', async () => {
    fakeApi(callMock, { 'feedback.submit': () => ({ id: 10, msg: FEEDBACK_MSG.done }) });
    const fill = async () => {
      const u = user();
      await u.click(screen.getByRole('button', { name: '产品建议' }));
      await u.type(screen.getByRole('textbox', { name: '问题描述' }), '希望增加夜间模式的定时开启');
      await u.click(screen.getByRole('button', { name: '提交' }));
    };
    const { router, where, unmount } = renderScreen(<AdviceFeedbackScreen />, { path: '/adviceFeedback', url: '/adviceFeedback?from=%2Ffeedback', before: ['/mine', '/feedback'] });
    await fill();
    await waitFor(() => expect(where()).toBe('/feedback'));
    await router.navigate(-1);
    expect(where()).toBe('/mine');
    unmount();

    // Opened as the first page of the visit (a link from elsewhere): the list takes its place.
    const direct = renderScreen(<AdviceFeedbackScreen />, { path: '/adviceFeedback', url: '/adviceFeedback?from=%2Ffeedback' });
    await fill();
    await waitFor(() => expect(direct.where()).toBe('/feedback'));
    expect(direct.router.state.historyAction).toBe('REPLACE');
  });

  it('asks for a category and enough text before sending, and shows the server’s refusal', async () => {
    fakeApi(callMock, { 'feedback.submit': () => fail(400, FEEDBACK_MSG.badContact) });
    renderScreen(<AdviceFeedbackScreen />, { path: '/adviceFeedback', url: '/adviceFeedback?category=suggest' });
    const u = user();
    expect(screen.getByRole('button', { name: '产品建议' }).getAttribute('aria-pressed')).toBe('true');
    await u.type(screen.getByRole('textbox', { name: '问题描述' }), '太短');
    await u.click(screen.getByRole('button', { name: '提交' }));
    expect(screen.getByRole('alert').textContent).toBe(FEEDBACK_MSG.tooShort);
    expect(callsTo(callMock, 'feedback.submit')).toEqual([]);
    await u.type(screen.getByRole('textbox', { name: '问题描述' }), '，希望增加夜间模式的定时开启');
    await u.click(screen.getByRole('button', { name: '提交' }));
    expect((await screen.findByRole('alert')).textContent).toBe(FEEDBACK_MSG.badContact);
  });

  it('cuts the text at the width limit (Chinese counts 2)', () => {
    renderScreen(<AdviceFeedbackScreen />, { path: '/adviceFeedback' });
    fireEvent.change(screen.getByRole('textbox', { name: '问题描述' }), { target: { value: '长'.repeat(FEEDBACK_MAX_WIDTH) } });
    expect((screen.getByRole('textbox', { name: '问题描述' }) as HTMLTextAreaElement).value).toBe('长'.repeat(FEEDBACK_MAX_WIDTH / 2));
    expect(screen.getByText(`${FEEDBACK_MAX_WIDTH}/${FEEDBACK_MAX_WIDTH}（汉字计2）`)).toBeTruthy();
  });

  it('refuses too large a file before sending it', async () => {
    fakeApi(callMock, {});
    renderScreen(<AdviceFeedbackScreen />, { path: '/adviceFeedback' });
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user().upload(screen.getByLabelText('添加截图'), big);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('图片不能超过5MB'));
    expect(callsTo(callMock, 'upload.image')).toEqual([]);
  });
});

describe('/feedback', () => {
  it('lists my feedback with category, status and excerpt, each opening its answer', async () => {
    fakeApi(callMock, { 'feedback.list': () => ({ page: 1, pageSize: 20, total: 2, list: [item(2, { status: 'answered', category: 'suggest', imageCount: 2 }), item(1)] }) });
    renderScreen(<FeedbackListScreen />, { path: '/feedback' });
    const rows = within(await screen.findByRole('list', { name: '反馈列表' })).getAllByRole('link');
    expect(
      rows.map((r) => [within(r).getByText(/^(产品建议|功能异常)$/).textContent, r.querySelector('[data-status]')!.textContent, within(r).getByText(/^做题页面/).textContent]),
    ).toEqual([
      ['产品建议', '已回复', '做题页面卡住了 2'],
      ['功能异常', '待回复', '做题页面卡住了 1'],
    ]);
    expect(rows[0]!.getAttribute('href')).toBe('/feedbackAnswer?id=2');
    expect(within(rows[0]!).getByText('2张截图')).toBeTruthy();
    expect(screen.getByRole('link', { name: '我要反馈' })).toBeTruthy();
  });

  it('says when there is none', async () => {
    fakeApi(callMock, { 'feedback.list': () => ({ page: 1, pageSize: 20, total: 0, list: [] }) });
    renderScreen(<FeedbackListScreen />, { path: '/feedback' });
    expect(await screen.findByText(FEEDBACK_MSG.empty)).toBeTruthy();
  });
});

describe('/feedbackAnswer', () => {
  it('shows my feedback, its screenshots and the operator’s answer as text', async () => {
    const answer = '您好，已修复。<script>x</script>';
    fakeApi(callMock, {
      'feedback.detail': () =>
        detail({
          status: 'answered',
          contact: '12345678',
          images: [{ key: 'u/7/feedback/a.jpg', url: '/media/a.jpg?e=1&s=x' }],
          imageCount: 1,
          answer,
          answeredAt: new Date().toISOString(),
        }),
    });
    renderScreen(<FeedbackAnswerScreen />, { path: '/feedbackAnswer', url: '/feedbackAnswer?id=5' });
    expect(await screen.findByRole('heading', { name: '客服回复' })).toBeTruthy();
    expect(screen.getByText(answer)).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByText('已回复')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看截图1' }).getAttribute('href')).toBe('/media/a.jpg?e=1&s=x');
    expect(screen.getByText('12345678')).toBeTruthy();
    expect(callsTo(callMock, 'feedback.detail')).toEqual([{ id: 5 }]);
  });

  it('says it is waiting for an answer', async () => {
    fakeApi(callMock, { 'feedback.detail': () => detail() });
    renderScreen(<FeedbackAnswerScreen />, { path: '/feedbackAnswer', url: '/feedbackAnswer?id=5' });
    expect(await screen.findByText(/我们已收到您的反馈/)).toBeTruthy();
  });

  it('shows another learner’s (404) or a bad id as not found', async () => {
    fakeApi(callMock, { 'feedback.detail': () => fail(404, FEEDBACK_MSG.unknown) });
    renderScreen(<FeedbackAnswerScreen />, { path: '/feedbackAnswer', url: '/feedbackAnswer?id=77' });
    expect(await screen.findByText(FEEDBACK_MSG.unknown)).toBeTruthy();
    renderScreen(<FeedbackAnswerScreen />, { path: '/feedbackAnswer', url: '/feedbackAnswer?id=abc' });
    expect(screen.getAllByText(FEEDBACK_MSG.unknown).length).toBe(2);
  });
});
