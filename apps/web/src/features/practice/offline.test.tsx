import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { CallDef } from '@kaoshi/contract';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { agentStore } from '../../lib/agent';
import { flushOutbox, pendingCount, queueReply } from '../../lib/outbox/practice';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { demoLogin, renderScreen, resetStorage, trialNursing } from '../../test/screens';
import AnswerTestScreen from './answer-test-screen';
import { mixedChapter } from '../../test/fixtures/practice';
import { loadSet, MAX_SETS, saveSet, setKey } from '../../entities/practice/question-store';
import type { QuestionSet } from '../../entities/practice/sources';

/**
 * Offline across a reload, with the real outbox and the real device store (fake-indexeddb): a "reload" is
 * a new query cache over the same IndexedDB.
 */

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');
vi.mock('../../lib/tracking', () => ({ reportError: vi.fn() }));

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();
const option = (key: string) => screen.getByRole('button', { name: new RegExp(`^${key}`) });
const settle = (ms = 50) => new Promise((r) => setTimeout(r, ms));
const offline = () => {
  throw new ApiError(0, '网络异常', null, 'network');
};

/** The server: the chapter (or a network failure), submitReply failing while `online` is false. */
function server(opts: { chapter: () => unknown; online: boolean }) {
  callMock.mockImplementation(async (def: CallDef, params: Record<string, unknown>) => {
    if (def.id === 'practice.getChapterTestEx') return opts.chapter();
    if (def.id === 'practice.submitReply') {
      if (!opts.online) offline();
      return { replyID: params.replyID, right: true, score: 1, answer: 'B', stored: true, inBook: false };
    }
    return null;
  });
}

const openChapter = () => renderScreen(<AnswerTestScreen />, { path: '/answerTest', url: '/answerTest?cptID=11' });

beforeEach(async () => {
  resetStorage();
  saveLogin(demoLogin);
  agentStore.set(null);
  saveSelectedSubject(trialNursing);
  // Empty the outbox left by an earlier test.
  server({ chapter: mixedChapter, online: true });
  await flushOutbox();
  expect(await pendingCount()).toBe(0);
});

describe('offline across a reload', () => {
  it('a chapter loaded once opens again from the device when the network fails, with the answers given offline', async () => {
    const state = { chapter: mixedChapter as () => unknown, online: false };
    server(state);
    const first = openChapter();
    await screen.findByText('第 1 / 8 题');
    await user().click(option('B'));
    expect(screen.getByText('回答正确')).toBeTruthy();
    await settle();
    expect(await pendingCount()).toBe(1);
    first.unmount();
    await settle();

    // Opened afresh while offline (a new tab: no place kept for this history entry): the chapter call
    // fails, the kept copy opens at the first unanswered question.
    sessionStorage.removeItem('practicePlaces');
    state.chapter = offline;
    openChapter();
    expect(await screen.findByText('网络不可用，正在使用本机保存的题目')).toBeTruthy();
    expect(screen.getByText('第 2 / 8 题')).toBeTruthy();
    expect(screen.getByText('心力衰竭')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '上一题' }));
    expect(screen.getByText('回答正确')).toBeTruthy();
  });

  it("answers still in the outbox count as answered even when the kept copy (or the server) doesn't know them yet", async () => {
    const state = { chapter: mixedChapter as () => unknown, online: false };
    server(state);
    const first = openChapter();
    await screen.findByText('第 1 / 8 题');
    first.unmount();
    await settle();
    // Answered elsewhere on this device (e.g. the tab closed before the copy was updated), not yet sent.
    await queueReply({ appID: 1001, cptID: 11, allTestID: 1, lastUserReply: 'A', spendTime: 4 });
    await queueReply({ appID: 1001, cptID: 11, allTestID: 2, lastUserReply: 'ACD', spendTime: 6 });
    await settle();

    sessionStorage.removeItem('practicePlaces');
    state.chapter = offline;
    const second = openChapter();
    expect(await screen.findByText('第 3 / 8 题')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '上一题' }));
    expect(screen.getByText('回答正确')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '上一题' }));
    expect(screen.getByText('回答错误')).toBeTruthy();
    second.unmount();

    // Online again but before the outbox synced: the server's copy has no reply yet, the outbox's count.
    sessionStorage.removeItem('practicePlaces');
    state.chapter = mixedChapter;
    openChapter();
    expect(await screen.findByText('第 3 / 8 题')).toBeTruthy();
    expect(screen.queryByText('网络不可用，正在使用本机保存的题目')).toBeNull();
  });

  it('a 403 never opens the kept copy', async () => {
    const state = { chapter: mixedChapter as () => unknown, online: true };
    server(state);
    const first = openChapter();
    await screen.findByText('第 1 / 8 题');
    first.unmount();
    await settle();
    state.chapter = () => {
      throw new ApiError(403, '开通以下任一班次可使用该功能', { unlocking: [{ vn: '3', vname: '至尊班' }] }, 'reply');
    };
    openChapter();
    expect(await screen.findByTestId('buy-prompt')).toBeTruthy();
    expect(screen.queryByText(/第 \d+ \/ 8 题/)).toBeNull();
  });

  it('a chapter never loaded says the network failed and offers a retry', async () => {
    server({ chapter: offline, online: false });
    renderScreen(<AnswerTestScreen />, { path: '/answerTest', url: '/answerTest?cptID=99' });
    expect(await screen.findByText('网络异常')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});

describe('question-store', () => {
  const set = (n: number): QuestionSet => ({ ...mixedChapter(), name: `第${n}章`, loadedAt: n });

  it(`keeps the newest ${MAX_SETS} sets per device, per learner and subject`, async () => {
    for (let i = 1; i <= MAX_SETS + 2; i++) expect(await saveSet(setKey('7', 1001, `chapter|${i}|||`), set(i), Date.now() + 60_000 + i)).toBe(true);
    expect(await loadSet(setKey('7', 1001, 'chapter|1|||'))).toBeNull();
    expect(await loadSet(setKey('7', 1001, 'chapter|2|||'))).toBeNull();
    expect((await loadSet(setKey('7', 1001, 'chapter|3|||')))?.name).toBe('第3章');
    expect((await loadSet(setKey('7', 1001, `chapter|${MAX_SETS + 2}|||`)))?.name).toBe(`第${MAX_SETS + 2}章`);
    expect(await loadSet(setKey('8', 1001, 'chapter|3|||'))).toBeNull();
  });

  it('does not keep an empty set or the offline flag', async () => {
    expect(await saveSet('k-empty', { ...set(1), list: [] })).toBe(false);
    await saveSet('k-flag', { ...set(1), offline: true });
    expect((await loadSet('k-flag'))?.offline).toBeUndefined();
  });
});
