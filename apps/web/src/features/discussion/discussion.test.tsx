import { DISCUSSION_MSG, DISCUSSION_PAGE_SIZE, type DiscussionPost, type DiscussionTarget } from '@kaoshi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { saveLogin } from '../../lib/session';
import { confirm, toast } from '../../ui/dialogs';
import { DiscussionLink } from '../../entities/discussion/discussion-link';
import { callsTo, demoLogin, fail, fakeApi, renderScreen, resetStorage, type ReplyData } from '../../test/screens';
import { CommentScreen } from './comment-screen';
import { ReplyScreen } from './reply-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs'); // ui/__mocks__/dialogs.ts

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

const target: DiscussionTarget = { appID: 1001, kind: 'question', id: 55, title: '胰岛素注射的部位应当…' };
const post = (id: number, over: Partial<DiscussionPost> = {}): DiscussionPost => ({
  id,
  parentID: null,
  replyTo: null,
  author: { nickName: `学员${id}`, avatar: null },
  mine: false,
  body: `评论${id}`,
  likeCount: 0,
  liked: false,
  replyCount: 0,
  pinned: false,
  hidden: false,
  createdAt: new Date(Date.now() - id * 60_000).toISOString(),
  ...over,
});
const page = (list: DiscussionPost[], { sort = 'new' as 'new' | 'hot', count = list.length } = {}): ReplyData<'discussion.list'> => ({
  target,
  sort,
  page: 1,
  pageSize: DISCUSSION_PAGE_SIZE,
  total: list.length,
  count,
  list,
});
const URL = '/msComment?kind=question&id=55&appID=1001';

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
});

describe('/msComment', () => {
  it('shows what is discussed, the count and the comments as plain text, each with its actions', async () => {
    const list = [post(1, { pinned: true, replyCount: 2, body: '<b>不是粗体</b>' }), post(2, { mine: true, likeCount: 3, liked: true })];
    fakeApi(callMock, { 'discussion.list': () => page(list, { count: 4 }) });
    renderScreen(<CommentScreen />, { path: '/msComment', url: URL });
    expect(await screen.findByText('全部讨论 (4)')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '讨论对象' })).getByText(target.title)).toBeTruthy();
    const [first, second] = within(screen.getByRole('list', { name: '评论列表' })).getAllByRole('article');
    expect(within(first!).getByText('<b>不是粗体</b>')).toBeTruthy();
    expect(first!.querySelector('b')).toBeNull();
    expect(within(first!).getByText('置顶')).toBeTruthy();
    expect(within(first!).getByRole('link', { name: '回复 2' }).getAttribute('href')).toBe('/discussionreply?id=1');
    expect(within(first!).getByRole('button', { name: '举报' })).toBeTruthy();
    expect(within(second!).getByRole('button', { name: '赞，3' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(second!).getByRole('button', { name: '删除' })).toBeTruthy();
    expect(within(second!).queryByRole('button', { name: '举报' })).toBeNull();
    expect(callsTo(callMock, 'discussion.list')[0]).toEqual({ appID: 1001, kind: 'question', id: 55, sort: 'new', page: 1 });
  });

  it('最热 reads the hottest first and is kept in the URL', async () => {
    fakeApi(callMock, { 'discussion.list': (p) => page(p.sort === 'hot' ? [post(9, { body: '最热的' })] : [post(1)], { sort: p.sort === 'hot' ? 'hot' : 'new' }) });
    const { where } = renderScreen(<CommentScreen />, { path: '/msComment', url: URL });
    await user().click(await screen.findByRole('tab', { name: '最热' }));
    expect(await screen.findByText('最热的')).toBeTruthy();
    await waitFor(() => expect(where()).toBe(`${URL}&sort=hot`));
  });

  it('writes a comment with the count of characters, then reads the list again', async () => {
    let rows = [post(1)];
    fakeApi(callMock, {
      'discussion.list': () => page(rows),
      'discussion.post': (p) => {
        rows = [post(3, { body: String(p.body), mine: true }), ...rows];
        return rows[0];
      },
    });
    renderScreen(<CommentScreen />, { path: '/msComment', url: URL });
    const box = await screen.findByPlaceholderText('说说你的看法…');
    expect(screen.getByRole('button', { name: '发表' }).hasAttribute('disabled')).toBe(true);
    await user().type(box, '记住ab');
    expect(screen.getByText('3/500')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '发表' }));
    expect(await screen.findByText('记住ab')).toBeTruthy();
    expect(callsTo(callMock, 'discussion.post')).toEqual([{ appID: 1001, kind: 'question', id: 55, body: '记住ab' }]);
    expect(toast).toHaveBeenCalledWith(DISCUSSION_MSG.posted);
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('likes at once and tells the server; reports through the reasons sheet; deletes its own after confirming', async () => {
    let liked = false;
    fakeApi(callMock, {
      'discussion.list': () => page([post(1, { liked, likeCount: liked ? 1 : 0 }), post(2, { mine: true })]),
      'discussion.like': (p) => {
        liked = p.like === true;
        return { id: Number(p.id), liked, likeCount: 1 };
      },
      'discussion.report': (p) => ({ id: Number(p.id), reported: true }),
      'discussion.delete': (p) => ({ id: Number(p.id) }),
    });
    renderScreen(<CommentScreen />, { path: '/msComment', url: URL });
    const [first] = await screen.findAllByRole('article');
    await user().click(within(first!).getByRole('button', { name: '赞，0' }));
    expect((await within(first!).findByRole('button', { name: '赞，1' })).getAttribute('aria-pressed')).toBe('true');
    expect(callsTo(callMock, 'discussion.like')).toEqual([{ id: 1, like: true }]);
    await user().click(screen.getByRole('button', { name: '举报' }));
    await user().click(within(await screen.findByRole('dialog', { name: '举报原因' })).getByRole('button', { name: '广告或垃圾信息' }));
    expect(callsTo(callMock, 'discussion.report')).toEqual([{ id: 1, reason: 'ad' }]);
    expect(toast).toHaveBeenCalledWith(DISCUSSION_MSG.reported);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user().click(screen.getByRole('button', { name: '删除' }));
    expect(confirm).toHaveBeenCalled();
    await waitFor(() => expect(callsTo(callMock, 'discussion.delete')).toEqual([{ id: 2 }]));
  });

  it('shows a hidden post to its author with why; an empty list invites the first comment', async () => {
    fakeApi(callMock, { 'discussion.list': () => page([post(1, { mine: true, hidden: true })]) });
    renderScreen(<CommentScreen />, { path: '/msComment', url: URL });
    expect(await screen.findByText(DISCUSSION_MSG.hidden)).toBeTruthy();
    fakeApi(callMock, { 'discussion.list': () => page([]) });
    renderScreen(<CommentScreen />, { path: '/msComment', url: '/msComment?kind=lesson&id=3&appID=1001' });
    expect(await screen.findByText(DISCUSSION_MSG.noComments)).toBeTruthy();
  });

  it('a target the learner may not open shows the buy prompt', async () => {
    fakeApi(callMock, { 'discussion.list': () => fail(403, '开通以下任一班次可使用该功能') });
    renderScreen(<CommentScreen />, { path: '/msComment', url: URL });
    expect((await screen.findAllByText(/开通以下任一班次可使用/)).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: '查看开通班次' })).toBeTruthy();
  });

  it('without a target says so', () => {
    renderScreen(<CommentScreen />, { path: '/msComment', url: '/msComment?kind=paper&id=1' });
    expect(screen.getByText(DISCUSSION_MSG.unknownPost)).toBeTruthy();
  });
});

describe('/discussionreply', () => {
  const thread = post(1, { replyCount: 2 });
  const replies = [post(5, { parentID: 1, body: '第一条回复' }), post(6, { parentID: 1, replyTo: { id: 5, nickName: '学员5' }, body: '接着说' })];

  it('shows the comment, its replies oldest first (naming whom they answer) and a link to every comment', async () => {
    fakeApi(callMock, { 'discussion.thread': () => ({ target, thread, page: 1, pageSize: DISCUSSION_PAGE_SIZE, total: 2, list: replies }) });
    renderScreen(<ReplyScreen />, { path: '/discussionreply', url: '/discussionreply?id=1' });
    expect(await screen.findByText('回复 (2)')).toBeTruthy();
    const items = within(screen.getByRole('list', { name: '回复列表' })).getAllByRole('article');
    expect(items.map((a) => a.textContent?.includes('第一条回复'))).toEqual([true, false]);
    expect(within(items[1]!).getByText('回复 @学员5：')).toBeTruthy();
    expect(screen.getByRole('link', { name: `查看全部讨论 · ${target.title}` }).getAttribute('href')).toBe(commentsUrl());
  });

  it('回复 on a reply answers it; 取消 answers the comment again', async () => {
    fakeApi(callMock, {
      'discussion.thread': () => ({ target, thread, page: 1, pageSize: DISCUSSION_PAGE_SIZE, total: 2, list: replies }),
      'discussion.reply': (p) => post(7, { parentID: 1, body: String(p.body) }),
    });
    renderScreen(<ReplyScreen />, { path: '/discussionreply', url: '/discussionreply?id=1' });
    const items = await screen.findAllByRole('article');
    await user().click(within(items[1]!).getByRole('button', { name: '回复' }));
    await user().type(screen.getByPlaceholderText('回复 @学员5'), '谢谢');
    await user().click(screen.getByRole('button', { name: '发表' }));
    await waitFor(() => expect(callsTo(callMock, 'discussion.reply')).toEqual([{ id: 5, body: '谢谢' }]));
    await user().type(await screen.findByPlaceholderText('回复 @学员1'), '好的');
    await user().click(screen.getByRole('button', { name: '发表' }));
    await waitFor(() => expect(callsTo(callMock, 'discussion.reply').at(-1)).toEqual({ id: 1, body: '好的' }));
  });
});

const commentsUrl = () => '/msComment?kind=question&id=55&appID=1001';

describe('讨论 (N)', () => {
  it('links to the comments with their count, and hides where the learner may not discuss', async () => {
    fakeApi(callMock, { 'discussion.count': (p) => (p.id === 55 ? { count: 3 } : fail(403, '开通以下任一班次可使用该功能')) });
    renderScreen(
      <>
        <DiscussionLink appID={1001} kind="question" id={55} />
        <DiscussionLink appID={1001} kind="lesson" id={9} />
      </>,
      { path: '/x' },
    );
    const link = await screen.findByRole('link', { name: '讨论，3条' });
    expect(link.getAttribute('href')).toBe(commentsUrl());
    await waitFor(() => expect(screen.getAllByRole('link')).toHaveLength(1));
  });
});
