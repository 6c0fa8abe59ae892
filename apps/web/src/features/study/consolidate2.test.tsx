import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { confirm, toast } from '../../ui/dialogs';
import { callsTo, demoLogin, fakeApi, renderScreen, resetStorage, trialNursing, type Handlers, type ReplyData, shellHandlers } from '../../test/screens';
import Consolidate2Screen, { REMOVE_CONFIRM } from './consolidate2-screen';
import { book, catalogChapter, page, sq } from '../../test/fixtures/study';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');

const callMock = call as unknown as Mock;
/** The book's chapter list: nothing, unless a test says. */
const around: Handlers = {
  'study.getCataloglist': () => null,
};
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
});

const catalog: ReplyData<'study.getCataloglist'> = { AppID: 1001, kind: 'error', page: 1, pageSize: 500, total: 1, items: 3, list: [catalogChapter(11, '心力衰竭', 3)] };

describe('/consolidate2', () => {
  it("kind=error: the chapter's book items with type, stem, wrong count and due; tap opens the details", async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'study.getCataloglist': () => catalog,
      'study.getErrorTest': () =>
        page([
          sq({ allTestID: 1, stem: '心衰病人【首选】的体位是', book: book({ wrongCount: 3, rightStreak: 1 }) }),
          sq({ allTestID: 2, childTableName: 'X', stem: '多选[ecg.png]题干', book: book({ due: '2999-03-05T01:00:00.000Z' }) }),
        ]),
    });
    const view = renderScreen(<Consolidate2Screen />, { path: '/consolidate2', url: '/consolidate2?kind=error&cptID=11' });
    expect(await screen.findByText('心力衰竭')).toBeTruthy();
    const items = await screen.findAllByRole('listitem');
    expect(items[0]!.textContent).toContain('A1型题');
    expect(items[0]!.textContent).toContain('心衰病人首选的体位是');
    expect(items[0]!.textContent).toContain('错 3 次');
    expect(items[0]!.textContent).toContain('该复习了');
    expect(items[0]!.textContent).toContain('已连续答对 1 次');
    expect(items[1]!.textContent).toContain('多选题');
    expect(items[1]!.textContent).toContain('2999年3月5日 复习');
    expect(items[0]!.querySelector('mark')?.textContent).toBe('首选');
    expect(callsTo(callMock, 'study.getErrorTest')[0]).toEqual({ appID: 1001, cptID: 11, page: 1, pageSize: 50 });
    await user().click(within(items[0]!).getByRole('button', { name: /心衰病人/ }));
    expect(view.where()).toBe('/testdetails?allTestID=1');
  });

  it('移出 asks, removes the item from the book and reloads', async () => {
    let removed = false;
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'study.getCataloglist': () => catalog,
      'study.getErrorTest': () => page(removed ? [sq({ allTestID: 2, book: book() })] : [sq({ allTestID: 1, book: book() }), sq({ allTestID: 2, book: book() })]),
      'study.removeFromBook': () => {
        removed = true;
        return { allTestID: 1, removed: true };
      },
    });
    renderScreen(<Consolidate2Screen />, { path: '/consolidate2', url: '/consolidate2?kind=error&cptID=11' });
    await user().click(await screen.findByRole('button', { name: '移出 第1题' }));
    expect((confirm as Mock).mock.calls[0]![0]).toMatchObject({ content: REMOVE_CONFIRM.error });
    await waitFor(() => expect(callsTo(callMock, 'study.removeFromBook')).toEqual([{ appID: 1001, allTestID: 1 }]));
    await waitFor(() => expect(screen.queryByRole('button', { name: '移出 第1题' })).toBeNull());
    expect(toast).toHaveBeenCalledWith('已移出错题本');
  });

  it('declining the confirmation removes nothing', async () => {
    (confirm as Mock).mockResolvedValueOnce(false);
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'study.getErrorTest': () => page([sq({ allTestID: 1, book: book() })]),
    });
    renderScreen(<Consolidate2Screen />, { path: '/consolidate2', url: '/consolidate2?kind=error&cptID=11' });
    await user().click(await screen.findByRole('button', { name: '移出 第1题' }));
    await waitFor(() => expect(confirm).toHaveBeenCalled());
    expect(callsTo(callMock, 'study.removeFromBook')).toEqual([]);
  });

  it('kind=note: a long note folds to three lines with 展开/收起, and 删除笔记 stays on the card, outside the note', async () => {
    const long = '心衰病人端坐位的原因：'.repeat(100);
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'study.chapterlist': () => page([sq({ allTestID: 3, note: long })]),
    });
    renderScreen(<Consolidate2Screen />, { path: '/consolidate2', url: '/consolidate2?kind=note&cptID=11' });
    const text = await screen.findByText(long);
    expect(text.dataset.folded).toBe('true');
    await user().click(screen.getByRole('button', { name: '展开' }));
    expect(text.dataset.folded).toBeUndefined();
    expect(screen.getByRole('button', { name: '收起' }).getAttribute('aria-expanded')).toBe('true');
    // The note is not inside the card's button (a button cannot hold another), and the remove action is its own.
    expect(text.closest('button')).toBeNull();
    expect(screen.getByRole('button', { name: '删除笔记 第3题' })).toBeTruthy();
  });

  it('kind=note: notes shown, search keeps the keyword in the URL, 删除笔记 saves an empty note, 练习本章 passes the words', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'study.chapterlist': (p) =>
        page(p.keyword ? [sq({ allTestID: 3, note: '记住：端坐位' })] : [sq({ allTestID: 3, note: '记住：端坐位' }), sq({ allTestID: 4, note: '易混' })], {
          pageSize: 10,
        }),
      'study.addUserNote': () => ({ allTestID: 3, noteContent: null, updatedAt: null }),
    });
    const view = renderScreen(<Consolidate2Screen />, { path: '/consolidate2', url: '/consolidate2?kind=note&cptID=11' });
    expect(await screen.findByText('记住：端坐位')).toBeTruthy();
    expect(screen.getByText('共 2 题')).toBeTruthy();
    await user().type(screen.getByRole('searchbox', { name: '搜索笔记' }), '端坐{Enter}');
    await waitFor(() => expect(view.where()).toBe('/consolidate2?kind=note&cptID=11&keyword=%E7%AB%AF%E5%9D%90'));
    await waitFor(() => expect(callsTo(callMock, 'study.chapterlist').at(-1)).toEqual({ appID: 1001, kind: 'note', cptID: 11, keyword: '端坐', page: 1, pageSize: 10 }));
    expect(await screen.findByText('找到 1 题')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '删除笔记 第3题' }));
    await waitFor(() => expect(callsTo(callMock, 'study.addUserNote')).toEqual([{ appID: 1001, allTestID: 3, noteContent: '' }]));
    await user().click(screen.getByRole('button', { name: '练习本章' }));
    expect(view.where()).toBe('/answerTest?source=note&cptID=11&keyword=%E7%AB%AF%E5%9D%90');
  });

  it('kind=fav: 取消收藏 calls deleteUserFav; 加载更多 reads the next page', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'study.chapterlist': (p) =>
        p.page === 1
          ? page([sq({ allTestID: 10, favourite: true })], { total: 2, pageSize: 1 })
          : page([sq({ allTestID: 11, favourite: true, stem: '第二页的题' })], { total: 2, pageSize: 1, page: 2 }),
      'study.deleteUserFav': () => ({ allTestID: 10, favourite: false }),
    });
    renderScreen(<Consolidate2Screen />, { path: '/consolidate2', url: '/consolidate2?kind=fav&cptID=11' });
    await user().click(await screen.findByRole('button', { name: '加载更多' }));
    expect(await screen.findByText('第二页的题')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
    expect(callsTo(callMock, 'study.chapterlist')[1]).toMatchObject({ kind: 'fav', page: 2 });
    await user().click(screen.getByRole('button', { name: '取消收藏 第10题' }));
    await waitFor(() => expect(callsTo(callMock, 'study.deleteUserFav')).toEqual([{ appID: 1001, allTestID: 10 }]));
  });

  it('empty states: no items, and no match for the words', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'study.getErrorTest': () => page([]),
      'study.chapterlist': () => page([]),
    });
    const v = renderScreen(<Consolidate2Screen />, { path: '/consolidate2', url: '/consolidate2?kind=error&cptID=11' });
    expect(await screen.findByText('本章没有错题了')).toBeTruthy();
    expect((screen.getByRole('button', { name: '练习本章' }) as HTMLButtonElement).disabled).toBe(true);
    v.unmount();
    renderScreen(<Consolidate2Screen />, { path: '/consolidate2', url: '/consolidate2?kind=fav&cptID=11&keyword=肺炎' });
    expect(await screen.findByText('没有找到包含“肺炎”的题目')).toBeTruthy();
  });

  it('bad parameters say so without calling the server', () => {
    renderScreen(<Consolidate2Screen />, { path: '/consolidate2', url: '/consolidate2?kind=bogus&cptID=11' });
    expect(screen.getByText('链接参数不正确，请从错题本或收藏列表进入')).toBeTruthy();
    expect(callMock).not.toHaveBeenCalled();
  });

  it('a 403 shows the buy prompt', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'study.getErrorTest': () => {
        throw new ApiError(403, '开通以下任一班次可使用该功能', { unlocking: [{ vn: '2', vname: 'VIP班' }] }, 'reply');
      },
    });
    renderScreen(<Consolidate2Screen />, { path: '/consolidate2', url: '/consolidate2?kind=error&cptID=11' });
    expect(within(await screen.findByTestId('buy-prompt')).getByText('VIP班')).toBeTruthy();
  });
});
