import type { Mock } from 'vitest';
import type { HomeModule } from '@kaoshi/contract';
import { call } from '../../api/client';
import type { SelectedSubject } from '../../lib/subject';
import { demoUser, fakeApi, trialNursing, shellHandlers } from '../../test/screens';
import { homeModule, nursingGrid } from '../../test/fixtures/home';

/** What the home page tests share: the subject, its grid and the calls the page makes (the client is mocked by each test file). */
const callMock = call as unknown as Mock;

export const nursing: SelectedSubject = trialNursing;

/** A home module as a trial learner of 护士执业资格 gets it. */
export const mod = (id: string, name: string, route: string, allowed: boolean, unlocking: HomeModule['unlocking'] = []): HomeModule => ({
  ...homeModule(id, name, route, allowed, unlocking),
  reason: allowed ? 'trial' : 'not-purchased',
});

export const modules: HomeModule[] = [
  mod('chapter', '章节练习', '/chapterMenu', true),
  // A module whose screen exists (the router knows it), to prove navigation.
  mod('intro', '考试介绍', '/introduce', true),
  mod('video', '视频精讲', '/videoList', false, [
    { vn: '2', vname: 'VIP班' },
    { vn: '3', vname: '至尊班' },
  ]),
  mod('live', '直播课堂', '/livelist', false, [{ vn: '3', vname: '至尊班' }]),
];

export const gridData = (list: HomeModule[] = modules) => nursingGrid(list);

type Handlers = Parameters<typeof fakeApi>[1];

export function api(extra: Handlers = {}) {
  fakeApi(callMock, {
    ...shellHandlers(),
    'user.getUserInfo': () => demoUser,
    'subject.moduleInfoX': () => gridData(),
    'subject.redDotList': () => ({ modules: ['chapter'] }),
    'subject.publish': () => ({ list: [] }),
    'subject.messWindow': () => ({ window: null }),
    'subject.checkUserModulesDown': () => ({ subjectDown: false, modulesDown: [] }),
    'subject.getLastApp': () => null,
    'exam.open': () => null,
    ...extra,
  });
}
