import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { callsTo, demoLogin, fakeApi, resetStorage, type ReplyData, shellHandlers } from '../../test/screens';
import { versionListOf, vipinfoOf } from '../../test/fixtures/catalog';
import { needsSubject, resetRestoreSubject, restoreSubject } from './restore-subject';
import { saveLogin } from '../../lib/session';
import { getSelectedSubject, linkAppID } from '../../lib/subject';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs'); // ui/__mocks__/dialogs.ts

const callMock = call as unknown as Mock;
const later = new Date(Date.now() + 86_400_000).toISOString();
const versions = (AppID: number, AppEName: string) =>
  versionListOf({ chapter: { id: 'chapter', name: '章节练习', route: '/chapterMenu', free: true, vns: ['1'] } }, [
    { AppID, AppEName, CName: '护理学类', vn: '2', vname: 'VIP班', vnorder: 2 },
  ]);
const subjects: ReplyData<'catalog.getKsbClass'>['subjects'] = [
  { AppID: 1001, AppEName: 'HSZYZG', AppName: '护士执业资格', CName: '护理学类', ClassID: 11, Level: 'zhiye' },
  { AppID: 3001, AppEName: 'YSZYZG', AppName: '临床执业医师', CName: '临床医学类', ClassID: 31, Level: 'zhiye' },
];

describe('the subject of a deep link (a new device, a link from a message)', () => {
  beforeEach(() => {
    resetStorage();
    resetRestoreSubject();
    saveLogin(demoLogin);
    window.history.replaceState(null, '', '/videoList?ac=888');
    fakeApi(callMock, {
      ...shellHandlers(),
      'subject.getLastApp': () => ({ AppID: 1001, AppVn: '2', AppEName: 'HSZYZG', AppName: '护士执业资格', CName: '护理学类' }),
      'catalog.getKsbClass': () => ({ classes: [], subjects }),
      'catalog.versionList': (p) => (p.appID === 3001 ? versions(3001, 'YSZYZG') : versions(1001, 'HSZYZG')),
      'catalog.vipApp': (p) => [{ AppID: Number(p.appID), AppVn: '2', AppVnName: 'VIP班', VnOrder: 2, EndTime: later }],
      'catalog.vipinfo': () => vipinfoOf(),
    });
  });

  it("takes the learner's last subject (or newest purchase) from the server when none is selected here", async () => {
    expect(needsSubject(null)).toBe(true);
    await restoreSubject(null);
    expect(getSelectedSubject()).toMatchObject({ AppID: 1001, AppName: '护士执业资格', curAppvn: '2', curAppVname: 'VIP班' });
    expect(needsSubject(null)).toBe(false);
  });

  it('takes the subject a link names, over the selected one', async () => {
    await restoreSubject(null);
    expect(needsSubject(3001)).toBe(true);
    await restoreSubject(3001);
    expect(getSelectedSubject()).toMatchObject({ AppID: 3001, AppName: '临床执业医师' });
    expect(needsSubject(3001)).toBe(false);
  });

  it('asks once when the learner has no subject at all, and leaves the screen to offer 选择科目', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'subject.getLastApp': () => null });
    await restoreSubject(null);
    expect(getSelectedSubject()).toBeNull();
    expect(needsSubject(null)).toBe(false);
    expect(callsTo(callMock, 'subject.getLastApp')).toHaveLength(1);
  });

  it('reads appID from a link only when it is a number', () => {
    expect(linkAppID('?appID=3001&ac=888')).toBe(3001);
    expect(linkAppID('?cptID=2')).toBeNull();
    expect(linkAppID('?appID=abc')).toBeNull();
  });
});
