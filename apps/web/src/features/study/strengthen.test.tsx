import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { PointMastery } from '@kaoshi/contract';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { callsTo, demoLogin, fakeApi, renderScreen, resetStorage, trialNursing, shellHandlers } from '../../test/screens';
import StrengthenScreen from './strengthen-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
});

const point = (over: Partial<PointMastery> & Pick<PointMastery, 'point'>): PointMastery => ({
  total: 10,
  done: 5,
  right: 2,
  accuracy: 0.4,
  mastery: 0.2,
  weight: 0.05,
  ...over,
});

describe('/strengthen', () => {
  it('lists the points in the server order (weakest first) with mastery, accuracy, done/total and 考频; a tap practises the point', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'study.pointsMastery': () => ({
        AppID: 1001,
        list: [
          point({ point: '心力衰竭 & 护理', mastery: 0.2 }),
          point({ point: '高血压', done: 8, right: 7, accuracy: 0.875, mastery: 0.7, weight: 0.125 }),
          point({ point: '糖尿病', done: 0, right: 0, accuracy: 0, mastery: 0 }),
        ],
      }),
    });
    const view = renderScreen(<StrengthenScreen />, { path: '/strengthen' });
    const list = await screen.findByRole('list', { name: '知识点' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('span span')?.textContent)).toEqual(['心力衰竭 & 护理', '高血压', '糖尿病']);
    expect(rows[1]!.textContent).toContain('掌握 70%');
    expect(rows[1]!.textContent).toContain('正确率 88%');
    expect(rows[1]!.textContent).toContain('已做 8/10');
    expect(rows[1]!.textContent).toContain('考频 13%');
    expect(rows[2]!.textContent).toContain('未练习');
    expect(screen.getByRole('progressbar', { name: '高血压 掌握度' }).getAttribute('aria-valuenow')).toBe('70');
    expect(callsTo(callMock, 'study.pointsMastery')).toEqual([{ appID: 1001 }]);
    await user().click(within(rows[0]!).getByRole('button'));
    expect(view.where()).toBe('/answerTest?source=points&point=%E5%BF%83%E5%8A%9B%E8%A1%B0%E7%AB%AD+%26+%E6%8A%A4%E7%90%86');
  });

  it('强化最薄弱的知识点 and 高频易错题 open their practice', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'study.pointsMastery': () => ({ AppID: 1001, list: [point({ point: '高血压' })] }) });
    const view = renderScreen(<StrengthenScreen />, { path: '/strengthen' });
    await user().click(await screen.findByRole('button', { name: '强化最薄弱的知识点' }));
    expect(view.where()).toBe('/answerTest?source=points');
    view.unmount();
    const v2 = renderScreen(<StrengthenScreen />, { path: '/strengthen' });
    await user().click(await screen.findByRole('button', { name: '高频易错题' }));
    expect(v2.where()).toBe('/answerTest?source=common');
  });

  it('no knowledge points: says so and disables the weakest-point practice', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'study.pointsMastery': () => ({ AppID: 1001, list: [] }) });
    renderScreen(<StrengthenScreen />, { path: '/strengthen' });
    expect(await screen.findByText('本科目的试题还没有标注知识点')).toBeTruthy();
    expect((screen.getByRole('button', { name: '强化最薄弱的知识点' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('403 → buy prompt; other errors → message and 重试', async () => {
    let n = 0;
    fakeApi(callMock, {
      ...shellHandlers(),
      'study.pointsMastery': () => {
        n += 1;
        if (n === 1) throw new ApiError(403, '开通以下任一班次可使用该功能', { unlocking: [{ vn: '2', vname: 'VIP班' }] }, 'reply');
        throw new ApiError(500, '服务器开小差了', null, 'reply');
      },
    });
    const v = renderScreen(<StrengthenScreen />, { path: '/strengthen' });
    expect(within(await screen.findByTestId('buy-prompt')).getByText('VIP班')).toBeTruthy();
    v.unmount();
    renderScreen(<StrengthenScreen />, { path: '/strengthen' });
    expect(await screen.findByText('服务器开小差了')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});
