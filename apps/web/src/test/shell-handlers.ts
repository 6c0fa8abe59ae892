import type { Handlers, ReplyData } from './fake-api';
import { homeModule, nursingGrid } from './fixtures/home';

/**
 * The shell's answers for a screen test (docs/web-shell.md "Tests"): the calls the app shell and the shared widgets
 * make around whatever screen a test is about, answered with realistic data built from the contract's reply types.
 * The fake API answers no call by itself (test/fake-api.ts), so a test that renders a screen declares these
 * explicitly and overrides what it is about:
 *   fakeApi(call, { ...shellHandlers(), 'practice.list': () => … });
 * What each call answers:
 * - subject.moduleInfoX: the subject's module grid at the asked version, every module open (a holder of 至尊班), so
 *   the screens that consult it before their own call (exam center, paper lists, 看 AI) show their content;
 * - shop.pricelist: nothing on sale (the buy prompt's cards then show no price);
 * - message.unread: 0 unread; profile.get: the demo learner (as demoUser in test/screens.tsx); discussion.count: 0; video.explain: no lesson;
 * - subject.getLastApp: no last subject (null, as the contract allows); subject.messWindow: no notice;
 * - subject.redDotRead, catalog.setLastApp: their acknowledgement; user.logout: null (its reply has no data).
 */

/** The vnames of 护士执业资格's versions, for the grid's heading. */
const VNAMES: Readonly<Record<string, string>> = { '-1': '试用版', '1': '基础班', '2': 'VIP班', '3': '至尊班' };

/** The home grid every shell answer shows: the subject's main modules, all open. */
export const openModules = () => [
  homeModule('chapter', '章节练习', '/chapterMenu', true),
  homeModule('video', '视频精讲', '/videoList', true),
  homeModule('live', '直播课堂', '/livelist', true),
  homeModule('exam', '考试中心', '/exam', true),
];

export const openGrid = (appID: number, vn = '3'): ReplyData<'subject.moduleInfoX'> => ({
  ...nursingGrid(openModules()),
  AppID: appID,
  vn,
  vname: VNAMES[vn] ?? '至尊班',
});

export const emptyPriceList = (appID: number): ReplyData<'shop.pricelist'> => ({
  appID,
  appName: '护士执业资格',
  items: [],
  books: [],
  payTypes: ['sandbox'],
  customPayUrl: null,
  buyDisabled: false,
});

export const demoProfile: ReplyData<'profile.get'> = {
  userID: 7,
  userName: '13800000000',
  phone: '13800000000',
  nickName: '小明',
  avatar: '',
  avatarUrl: '',
  qq: '',
  education: '',
  profession: '',
};

/** The shell's handlers (see above), a new object each time; spread them first so that the test's own handlers override them. */
export function shellHandlers(): Handlers {
  return {
    'subject.moduleInfoX': (p) => openGrid(Number(p.appID), p.vn ?? '3'),
    'shop.pricelist': (p) => emptyPriceList(Number(p.appID)),
    'message.unread': () => ({ total: 0, byTab: {} }),
    'profile.get': () => demoProfile,
    'discussion.count': () => ({ count: 0 }),
    'video.explain': () => ({ list: [] }),
    'subject.getLastApp': () => null,
    'subject.messWindow': () => ({ window: null }),
    'subject.redDotRead': (p) => ({ moduleID: String(p.moduleID) }),
    'catalog.setLastApp': (p) => ({ AppID: Number(p.appID), AppVn: String(p.vn) }),
    'user.logout': () => null,
  };
}
