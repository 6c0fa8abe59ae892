import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { agentStore, DEFAULT_AGENT } from '../../lib/agent';
import { chooseSubject } from '../../entities/subject/choose-subject';
import { clearDeviceCaches } from './device-cache';
import { outboxStatus, syncOutbox } from '../../lib/outbox/status';
import { cookies } from '../../lib/storage';
import { saveLogin } from '../../lib/session';
import { callsTo, demoLogin, fail, fakeApi, renderScreen, resetStorage, trialNursing } from '../../test/screens';
import RepairScreen from './repair-screen';
import { reportCode } from './repair-steps';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');
vi.mock('../../lib/outbox/status', () => ({ outboxStatus: vi.fn(), syncOutbox: vi.fn() }));
vi.mock('../../entities/subject/choose-subject', () => ({ chooseSubject: vi.fn() }));
vi.mock('./device-cache', async (orig) => ({
  ...(await orig<typeof import('./device-cache')>()),
  cacheFacts: vi.fn(async () => ({ questionSets: 2, keptFiles: 7, usageBytes: 2048 })),
  clearDeviceCaches: vi.fn(async () => undefined),
}));
const callMock = call as unknown as Mock;
const user = () => userEvent.setup();
const counts = (practice: number, exam = 0, reading = 0, video = 0) => ({ practice, exam, reading, video, total: practice + exam + reading + video });
const agent = { ...DEFAULT_AGENT, AgentCode: '888', AgentName: '考试宝典', ThemeColor: '#123456' };

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  vi.mocked(outboxStatus).mockResolvedValue(counts(2, 1, 1, 0));
  vi.mocked(syncOutbox).mockResolvedValue(counts(0));
  fakeApi(callMock, { 'agent.getAgentInfo': () => agent, 'bug.frontend': () => null });
});

describe('/abnormal_repair 异常修复', () => {
  it('shows what waits to be sent, per kind, and what the device keeps', async () => {
    renderScreen(<RepairScreen />, { path: '/abnormal_repair' });
    expect(screen.getByRole('heading', { level: 1, name: '异常修复' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('pending-total').textContent).toBe('4 条'));
    const pending = screen.getByRole('region', { name: /待同步的数据/ });
    expect(within(pending).getByText('练习答案').nextElementSibling?.textContent).toBe('2 条');
    expect(within(pending).getByText('考试答案').nextElementSibling?.textContent).toBe('1 条');
    expect(within(pending).getByText('阅读进度与笔记').nextElementSibling?.textContent).toBe('1 条');
    const cache = screen.getByRole('region', { name: /缓存/ });
    expect(await within(cache).findByText('2.0 KB')).toBeTruthy();
    expect(within(cache).getByText('2 套')).toBeTruthy();
  });

  it('立即同步 sends the outboxes and says how many went; the counts follow', async () => {
    renderScreen(<RepairScreen />, { path: '/abnormal_repair' });
    await waitFor(() => expect(screen.getByTestId('pending-total').textContent).toBe('4 条'));
    vi.mocked(outboxStatus)
      .mockResolvedValueOnce(counts(2, 1, 1, 0))
      .mockResolvedValue(counts(0));
    await user().click(screen.getByRole('button', { name: '立即同步' }));
    expect(await screen.findByText('✓ 已同步 4 条数据')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('pending-total').textContent).toBe('0 条'));
    expect(syncOutbox).toHaveBeenCalledTimes(1);
  });

  it('offline, 立即同步 keeps everything and says what is left', async () => {
    vi.mocked(syncOutbox).mockResolvedValue(counts(2, 1, 1, 0));
    renderScreen(<RepairScreen />, { path: '/abnormal_repair' });
    await waitFor(() => expect(screen.getByTestId('pending-total').textContent).toBe('4 条'));
    await user().click(screen.getByRole('button', { name: '立即同步' }));
    expect(await screen.findByText('! 网络异常，还有 4 条未同步，联网后会自动上传')).toBeTruthy();
  });

  it('清理缓存 clears the device caches (the outboxes are not touched)', async () => {
    renderScreen(<RepairScreen />, { path: '/abnormal_repair' });
    await user().click(screen.getByRole('button', { name: '清理缓存' }));
    expect(await screen.findByText('✓ 缓存已清理（未同步的数据已保留）')).toBeTruthy();
    expect(clearDeviceCaches).toHaveBeenCalledTimes(1);
    expect(syncOutbox).not.toHaveBeenCalled();
  });

  it('重新加载 fetches the agent again and chooses the current subject again', async () => {
    cookies.setJSON('SELECTEDAPPNEW', trialNursing);
    vi.mocked(chooseSubject).mockResolvedValue({ kind: 'chosen', subject: { ...trialNursing } });
    renderScreen(<RepairScreen />, { path: '/abnormal_repair' });
    await user().click(screen.getByRole('button', { name: '重新加载机构和科目' }));
    expect(await screen.findByText('✓ 已重新加载机构信息和“护士执业资格”')).toBeTruthy();
    expect(callsTo(callMock, 'agent.getAgentInfo')).toEqual([{ agentCode: '888' }]);
    expect(agentStore.get()?.ThemeColor).toBe('#123456');
    expect(JSON.parse(sessionStorage.getItem('agentInfo') ?? '{}').AgentName).toBe('考试宝典');
    expect(chooseSubject).toHaveBeenCalledWith({ AppID: 1001, AppEName: 'HSZYZG', AppName: '护士执业资格', CName: '护理学类', vn: '3' });
    agentStore.set(null);
  });

  it('重新加载 that cannot reach the server says so', async () => {
    fakeApi(callMock, { 'agent.getAgentInfo': () => fail(500, '服务器开小差了') });
    renderScreen(<RepairScreen />, { path: '/abnormal_repair' });
    await user().click(screen.getByRole('button', { name: '重新加载机构和科目' }));
    expect(await screen.findByText('! 机构信息加载失败，请检查网络后重试')).toBeTruthy();
  });

  it('提交诊断报告 files the device facts through the error report, with a code to quote, and no session', async () => {
    cookies.setJSON('SELECTEDAPPNEW', trialNursing);
    renderScreen(<RepairScreen />, { path: '/abnormal_repair' });
    await user().click(screen.getByRole('button', { name: '提交诊断报告' }));
    const line = await screen.findByText(/诊断报告已提交，编号 [0-9A-Z]{8}。联系客服时请提供此编号/);
    const code = /编号 ([0-9A-Z]{8})/.exec(line.textContent ?? '')![1]!;
    const [sent] = callsTo(callMock, 'bug.frontend');
    expect(sent).toMatchObject({ appid: '1001', userid: '7', page: '/abnormal_repair', page_type: 'repair', bug_type: 0 });
    expect(sent!.detail).toContain(`diagnostic report ${code}`);
    expect(sent!.detail).toContain('pending: practice 2, exam 1, reading 1, video 0');
    expect(sent!.detail).toContain('subject: 1001 vn 3 current -1');
    expect(sent!.detail).not.toContain(demoLogin.guid);
  });

  it('一键修复 runs the four repairs in order', async () => {
    renderScreen(<RepairScreen />, { path: '/abnormal_repair' });
    await waitFor(() => expect(screen.getByTestId('pending-total').textContent).toBe('4 条'));
    await user().click(screen.getByRole('button', { name: '一键修复' }));
    expect(await screen.findByText(/诊断报告已提交/)).toBeTruthy();
    expect(screen.getByText('✓ 缓存已清理（未同步的数据已保留）')).toBeTruthy();
    expect(screen.getByText('✓ 已重新加载机构信息（尚未选择科目）')).toBeTruthy();
    expect(syncOutbox).toHaveBeenCalledTimes(1);
    expect(clearDeviceCaches).toHaveBeenCalledTimes(1);
    const order = callMock.mock.calls.map(([def]) => (def as { id: string }).id).filter((id) => id !== 'message.unread');
    expect(order).toEqual(['agent.getAgentInfo', 'bug.frontend']);
  });

  it('a report code is 8 characters of digits and capitals', () => {
    expect(reportCode(Date.UTC(2026, 10, 26), () => 0.5)).toMatch(/^[0-9A-Z]{8}$/);
  });
});
