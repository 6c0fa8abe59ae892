import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { callsTo, demoLogin, fakeApi, renderScreen, resetStorage, trialNursing, shellHandlers } from '../../test/screens';
import { chapter } from '../../test/fixtures/practice';
import ExamAnalyseScreen from './exam-analyse-screen';
import LnztGatherScreen from './lnzt-gather-screen';
import LnztPayScreen from './lnzt-pay-screen';
import PingshenChapterScreen from './pingshen-chapter-screen';
import ZyChapterScreen from './zy-chapter-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
});

const denied = () => {
  throw new ApiError(403, '开通以下任一班次可使用该功能', { unlocking: [{ vn: '1', vname: '基础班' }] }, 'reply');
};

const years = (allowed: boolean) => ({
  AppID: 1001,
  allowed,
  unlocking: allowed
    ? []
    : [
        { vn: '1', vname: '基础班' },
        { vn: '3', vname: '至尊班' },
      ],
  list: [
    { year: 2025, count: 3, done: 1, paperID: 21, paperName: '2025年真题' },
    { year: 2024, count: 8, done: 0, paperID: null, paperName: null },
    { year: 2019, count: 0, done: 0, paperID: 20, paperName: '2019年真题' },
  ],
});

describe('/lnztgather', () => {
  it('years newest first with counts → the player (source year); a stored paper → /realPapertest', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'zhiye.years': () => years(true) });
    const view = renderScreen(<LnztGatherScreen />, { path: '/lnztgather' });
    const y2025 = await screen.findByRole('button', { name: '2025年真题回顾' }, { timeout: 5000 });
    expect(y2025.textContent).toContain('3题 · 已做 1/3');
    expect(screen.getByText('护士执业资格 · 2个年份 · 11道真题')).toBeTruthy();
    expect((screen.getByRole('button', { name: '2019年真题回顾' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByRole('button', { name: /整卷模考/ })).toHaveLength(2);
    await user().click(screen.getByRole('button', { name: '2024年真题回顾' }));
    expect(view.where()).toBe('/answerTest?source=year&year=2024');
    view.unmount();
    const v2 = renderScreen(<LnztGatherScreen />, { path: '/lnztgather' });
    await user().click(await screen.findByRole('button', { name: '2025年真题 整卷模考' }));
    expect(v2.where()).toBe('/realPapertest');
  }, 20_000);

  it('not allowed → the buy prompt; no years → 内容更新中', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'zhiye.years': () => years(false) });
    const view = renderScreen(<LnztGatherScreen />, { path: '/lnztgather' });
    expect(await screen.findByText('开通以下任一班次可使用历年真题')).toBeTruthy();
    view.unmount();
    fakeApi(callMock, { ...shellHandlers(), 'zhiye.years': () => ({ AppID: 1001, allowed: true, unlocking: [], list: [] }) });
    renderScreen(<LnztGatherScreen />, { path: '/lnztgather' });
    expect(await screen.findByText('内容更新中，敬请期待～')).toBeTruthy();
  });
});

describe('/lnztjpay', () => {
  it('shows what the pack holds and the versions; 去开通 → /buyApp?moduleType=dialog', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'zhiye.years': () => years(false) });
    const view = renderScreen(<LnztPayScreen />, { path: '/lnztjpay' });
    expect(await screen.findByText('2个年份 · 11道真题，每题附答案与解析')).toBeTruthy();
    expect(screen.getByText('整套真题试卷：2025年真题、2019年真题')).toBeTruthy();
    const versions = screen.getByRole('region', { name: '开通班次' });
    expect(within(versions).getByText('基础班')).toBeTruthy();
    expect(within(versions).getByText('至尊班')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '去开通' }));
    expect(view.where()).toBe('/buyApp?moduleType=dialog');
  });

  it('a holder is sent to /lnztgather', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'zhiye.years': () => years(true) });
    const view = renderScreen(<LnztPayScreen />, { path: '/lnztjpay' });
    await vi.waitFor(() => expect(view.where()).toBe('/lnztgather'));
  });
});

describe('/examAnalyseMenu', () => {
  it('per chapter: share and per-year counts; a tap → the chapter’s past questions (source year&cptID)', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'zhiye.analyse': () => ({
        AppID: 1001,
        years: [2023, 2024, 2025],
        total: 10,
        list: [
          { cptID: 1, name: '基础护理', byYear: { 2023: 2, 2024: 3, 2025: 1 }, count: 6, share: 0.6 },
          { cptID: 2, name: '内科护理', byYear: { 2023: 1, 2024: 2, 2025: 1 }, count: 4, share: 0.4 },
          { cptID: 3, name: '法规', byYear: { 2023: 0, 2024: 0, 2025: 0 }, count: 0, share: 0 },
        ],
      }),
    });
    const view = renderScreen(<ExamAnalyseScreen />, { path: '/examAnalyseMenu' });
    const row = await screen.findByRole('button', { name: '基础护理 真题6题 占60%' });
    expect(row.textContent).toContain("'24");
    expect(screen.getByText('2023–2025年 真题考点分布')).toBeTruthy();
    expect((screen.getByRole('button', { name: '法规 真题0题 占0%' }) as HTMLButtonElement).disabled).toBe(true);
    await user().click(screen.getByRole('button', { name: '内科护理 真题4题 占40%' }));
    expect(view.where()).toBe('/answerTest?source=year&cptID=2');
  });

  it('a 403 shows the buy prompt', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'zhiye.analyse': denied });
    renderScreen(<ExamAnalyseScreen />, { path: '/examAnalyseMenu' });
    expect(await screen.findByText('开通以下任一班次可使用考情分析')).toBeTruthy();
  });
});

describe('/pingshenChapter and /zyChapter', () => {
  it('case chapters → the player (source case)', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'zhiye.caseChapters': () => ({ AppID: 1001, list: [{ cptID: 4, name: '内科护理学', groups: 3, count: 9, done: 2 }] }) });
    const view = renderScreen(<PingshenChapterScreen />, { path: '/pingshenChapter' });
    const row = await screen.findByRole('button', { name: '内科护理学' });
    expect(row.textContent).toContain('3组案例 · 9题 · 已做 2/9');
    await user().click(row);
    expect(view.where()).toBe('/answerTest?source=case&cptID=4');
  });

  it('no case chapters → 内容更新中; 403 → the buy prompt', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'zhiye.caseChapters': () => ({ AppID: 1001, list: [] }) });
    const view = renderScreen(<PingshenChapterScreen />, { path: '/pingshenChapter' });
    expect(await screen.findByText('内容更新中，敬请期待～')).toBeTruthy();
    view.unmount();
    fakeApi(callMock, { ...shellHandlers(), 'zhiye.units': denied });
    renderScreen(<ZyChapterScreen />, { path: '/zyChapter' });
    expect(await screen.findByText('开通以下任一班次可使用章节练习')).toBeTruthy();
  });

  it('units 单元一… with progress → /zyanswer?cptID=N', async () => {
    const top1 = chapter({ cptID: 1, name: '基础护理知识和技能', total: 40, done: 10, right: 8, accuracy: 0.8 });
    const top2 = chapter({ cptID: 2, name: '内科护理', total: 30 });
    fakeApi(callMock, {
      ...shellHandlers(),
      'zhiye.units': () => ({
        AppID: 1001,
        list: [
          { ...top1, index: 1, label: '单元一', chapters: [chapter({ cptID: 11, parentID: 1, name: '生命体征' })] },
          { ...top2, index: 2, label: '单元二', chapters: [] },
        ],
        unlocking: [],
      }),
    });
    const view = renderScreen(<ZyChapterScreen />, { path: '/zyChapter' });
    const u1 = await screen.findByRole('button', { name: '单元一 基础护理知识和技能 已做10/40' });
    expect(u1.textContent).toContain('1个章节 · 已做 10/40 · 正确率 80%');
    expect(screen.getByRole('progressbar', { name: '单元一 基础护理知识和技能 完成度' }).getAttribute('aria-valuenow')).toBe('25');
    await user().click(screen.getByRole('button', { name: '单元二 内科护理 已做0/30' }));
    expect(view.where()).toBe('/zyanswer?cptID=2');
    expect(callsTo(callMock, 'zhiye.units')).toEqual([{ appID: 1001 }]);
  });

  it('a unit beyond the trial says 需开通 and opens the buy prompt instead of the unit', async () => {
    const top = chapter({ cptID: 1, name: '基础护理知识和技能', total: 40, locked: true });
    fakeApi(callMock, {
      ...shellHandlers(),
      'zhiye.units': () => ({ AppID: 1001, list: [{ ...top, index: 1, label: '单元一', chapters: [] }], unlocking: [{ vn: '2', vname: 'VIP班' }] }),
    });
    const view = renderScreen(<ZyChapterScreen />, { path: '/zyChapter' });
    await user().click(await screen.findByRole('button', { name: '单元一 基础护理知识和技能 需开通 已做0/40' }));
    const prompt = await screen.findByTestId('buy-prompt');
    expect(within(prompt).getByText('「单元一 基础护理知识和技能」开通班次后可练习')).toBeTruthy();
    expect(within(prompt).getByText('VIP班')).toBeTruthy();
    expect(view.where()).toBe('/zyChapter');
  });
});
