import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { DataOf, pricelist, videoCourselist, videoLesson } from '@kaoshi/contract';
import { call } from '../../api/client';
import { agentStore, DEFAULT_AGENT } from '../../lib/agent';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { demoLogin, fakeApi, renderScreen, resetStorage, trialNursing } from '../../test/screens';
import { VideoNoVipScreen } from './video-no-vip-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');

const callMock = call as unknown as Mock;

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
  agentStore.set(null);
});

const ended: DataOf<typeof videoLesson> = {
  lesson: {
    id: 2,
    title: '第2课',
    courseId: 1,
    courseTitle: '核心考点精讲',
    durationS: 90,
    free: false,
    previewSeconds: 30,
    teacher: { id: 3, name: '王老师', title: '主管护师' },
    publishedAt: '2026-11-20T02:00:00.000Z',
    upcoming: false,
    progress: null,
    appID: 1001,
    chapterTitle: '第一章 生命体征',
    markers: [],
    points: [],
  },
  next: null,
  play: { url: '', poster: '', thumbnails: '', limitSeconds: 30, expiresAt: '2026-11-25T00:10:00.000Z' },
  access: { mode: 'preview', unlocking: [{ vn: '2', vname: 'VIP班' }] },
  watermark: '',
};
const courses: DataOf<typeof videoCourselist> = { courses: [], recent: null, hasVideo: true, full: false, unlocking: [] };
const prices: DataOf<typeof pricelist> = {
  appID: 1001,
  appName: '护士执业资格',
  items: [{ vn: '2', vname: 'VIP班', vnorder: 2, price: 39800, originalPrice: 59800, validityDays: 365, group: 0, modules: [], isVip: 0, heldUntil: null }],
  books: [],
  payTypes: ['sandbox'],
  customPayUrl: null,
  buyDisabled: false,
};

describe('/videoNoVip', () => {
  it('is the one buy prompt: no dialog over it; the version that opens the lesson with its price, and 去开通 to /buyApp', async () => {
    fakeApi(callMock, { 'video.lesson': () => ended, 'video.courselist': () => courses, 'shop.pricelist': () => prices });
    const view = renderScreen(<VideoNoVipScreen />, { path: '/videoNoVip', url: '/videoNoVip?lessonID=2' });
    expect(await screen.findByRole('heading', { name: '试看已结束' })).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('unlock-2')).getByText('¥398.00')).toBeTruthy());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('buy-dialog')).toBeNull();
    expect(screen.getAllByRole('button', { name: '去开通' })).toHaveLength(1);
    await userEvent.setup().click(screen.getByRole('button', { name: '去开通' }));
    expect(view.where()).toBe('/buyApp?moduleType=dialog&posSlide=2');
  });

  it('for an agent that does not sell here: the contact text instead of 去开通', async () => {
    agentStore.set({ ...DEFAULT_AGENT, Flags: { ...DEFAULT_AGENT.Flags, buyDisabled: true } });
    fakeApi(callMock, { 'video.lesson': () => ended, 'video.courselist': () => courses, 'shop.pricelist': () => prices });
    renderScreen(<VideoNoVipScreen />, { path: '/videoNoVip', url: '/videoNoVip?lessonID=2' });
    expect(await screen.findByText('该功能需联系客服购买后方可使用')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '去开通' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
