import {
  advertiseClick,
  CLIENT_TYPE,
  frontendError,
  newauthSave,
  position,
  statLogin,
  stayTime,
  userclick,
  videoProgressClick,
  articleClick,
  liveClick,
  videoSwitch,
  type CallDef,
  type RequestOf,
} from '@kaoshi/contract';
import { call } from '../api/client';
import type { ErrorReport } from './call-failures';
import { acFromSearch, cachedAgentCode } from './ac';
import { clientKind, trackingClientType } from './client-kind';
import { getUserID, getUserName } from './session';
import { cookies } from './storage';

/**
 * Tracking calls of spec §7 and the front-end error report. Fire and forget: a failure is swallowed,
 * nothing is ever alerted, and the learner is never blocked.
 */

interface SelectedApp {
  AppID?: number | string;
  AppEName?: string;
  AppName?: string;
  AppVn?: number | string;
}

const selectedApp = (): SelectedApp => cookies.getJSON<SelectedApp>('SELECTEDAPPNEW') ?? {};
const agentCode = (): string => acFromSearch(window.location.search) ?? cachedAgentCode() ?? '';
const pageName = (): string => window.location.pathname;
/** A free-trial learner is tracked with a guest prefix (spec §6). */
const trackedUserName = (): string => {
  const name = getUserName();
  return cookies.get('freeTry') ? `游客_${name}` : name;
};

function fire<C extends CallDef>(def: C, params: RequestOf<C>): void {
  try {
    call(def, params as never, { quiet: true }).catch(() => undefined);
  } catch {
    /* never let tracking break the app */
  }
}

const num = (v: string | number | undefined): number | undefined => {
  const n = Number(v);
  return v === undefined || v === '' || !Number.isFinite(n) ? undefined : n;
};

/** The fields position and newauthSave share: who, which subject and version, which tenant and client. */
function subjectView() {
  const app = selectedApp();
  return {
    userName: trackedUserName(),
    appEName: app.AppEName,
    appName: app.AppName,
    appVN: app.AppVn !== undefined ? String(app.AppVn) : undefined,
    agentCode: agentCode(),
    clientType: trackingClientType(),
  };
}

export const track = {
  /** A button click: /ksbao/userclick. */
  click(f: Partial<RequestOf<typeof userclick>> & { btnName: string }): void {
    const app = selectedApp();
    fire(userclick, {
      userID: num(getUserID()),
      appID: num(app.AppID),
      agentID: agentCode(),
      vn: app.AppVn !== undefined ? String(app.AppVn) : undefined,
      clientType: String(trackingClientType()),
      pageName: pageName(),
      ...f,
    });
  },
  /** A page position/view: clientType 4 iPhone shell, 3 Android shell, 6 H5. */
  position(f: Partial<RequestOf<typeof position>> & { wpageName: string }): void {
    fire(position, { ...subjectView(), ...f });
  },
  /** Dwell time on a page: clientType 5, appVer 0. */
  stay(f: Partial<RequestOf<typeof stayTime>> & { wpageName: string; stayTime: number }): void {
    fire(stayTime, {
      userName: trackedUserName(),
      userID: num(getUserID()),
      agentCode: agentCode(),
      clientType: CLIENT_TYPE.dwell,
      appVer: '0',
      ...f,
    });
  },
  /** A login happened: codeName is the fixed word 'agent', clientType 3. */
  login(f: Partial<RequestOf<typeof statLogin>> = {}): void {
    fire(statLogin, {
      userName: getUserName(),
      userID: num(getUserID()),
      codeName: 'agent',
      agentCode: agentCode(),
      clientType: 3,
      ...f,
    });
  },
  /** A lesson started, changed or ended: /api/yt_ksbao/video/switch/userclick (clientType 6). */
  videoSwitch(f: { appID: number; videoID: number; actType: 'play' | 'switch' | 'end'; type: string; progress: number }): void {
    fire(videoSwitch, { ...f, clientType: CLIENT_TYPE.h5, userID: num(getUserID()), progress: Math.floor(f.progress) });
  },
  /** Beside each progress save: /api/yt_ksbao/video_progress/userclick (clientType 6). */
  videoProgress(f: { appID: number; videoID: number; progress: number; duration: number; percent: number }): void {
    fire(videoProgressClick, { ...f, clientType: CLIENT_TYPE.h5, userID: num(getUserID()), progress: Math.floor(f.progress) });
  },
  /** A reading article opened: /api/yt_ksbao/article/userclick (lastMenuID: its chapter). */
  article(f: { articleName: string; lastMenuID: number }): void {
    const app = selectedApp();
    fire(articleClick, { userName: trackedUserName(), appEName: app.AppEName, appName: app.AppName, ...f });
  },
  /** A live session opened (/ksbao/liveclick): FuncPoint names where it was tapped (list, calendar, detail…). */
  liveClick(f: { funcPoint: string; liveID: number; appID: number; liveName: string; startTime: string; chapterName: string }): void {
    const app = selectedApp();
    const same = num(app.AppID) === f.appID;
    fire(liveClick, {
      UserID: num(getUserID()),
      AppID: f.appID,
      AppEName: same ? app.AppEName : undefined,
      AppName: same ? app.AppName : undefined,
      FuncPoint: f.funcPoint,
      LiveID: f.liveID,
      LiveName: f.liveName.slice(0, 200),
      StartTime: f.startTime,
      ChapterName: f.chapterName.slice(0, 200),
      ClientType: String(trackingClientType()),
    });
  },
  /**
   * A banner or notice window tapped: /ksbao/advertiseclick (noticeType banner | notice; btnType open | close;
   * activeID the management id, childActiveID a banner's image id; position the page).
   */
  advertise(f: { noticeType: 'banner' | 'notice'; activeID: number; childActiveID?: number; btnType: 'open' | 'close'; btnName: string; appID?: number; imgUrl?: string }): void {
    const app = selectedApp();
    const appID = f.appID ?? num(app.AppID);
    const same = appID !== undefined && appID === num(app.AppID);
    fire(advertiseClick, {
      activeID: f.activeID,
      childActiveID: f.childActiveID,
      sign: `${f.noticeType}-${f.activeID}${f.childActiveID !== undefined ? `-${f.childActiveID}` : ''}`,
      userID: num(getUserID()),
      agentCode: agentCode(),
      appID,
      appEName: same ? app.AppEName : undefined,
      appName: same ? app.AppName : undefined,
      vn: same && app.AppVn !== undefined ? String(app.AppVn) : undefined,
      userType: cookies.get('freeTry') ? 'tourist' : getUserID() ? 'user' : 'guest',
      noticeType: f.noticeType,
      position: pageName().slice(0, 64),
      clientType: String(trackingClientType()),
      btnType: f.btnType,
      btnName: f.btnName.slice(0, 100),
      startTime: new Date().toISOString(),
      imgUrl: f.imgUrl ? f.imgUrl.slice(0, 500) : undefined,
    });
  },
  /** A subject/version authorisation was seen. */
  authSave(f: Partial<RequestOf<typeof newauthSave>> = {}): void {
    fire(newauthSave, { ...subjectView(), ...f });
  },
};

export type { ErrorReport };

const MAX_REPORTS_PER_PAGE = 30;
const REPEAT_WINDOW_MS = 10_000;
let reportsSent = 0;
const recent = new Map<string, number>();

/** Resets the report limiter (tests). */
export function resetErrorReports(): void {
  reportsSent = 0;
  recent.clear();
}

/** Sends a front-end error report (/api/v2/ksbao/frontend). At most 30 per page, identical ones once per 10 s. */
export function reportError(r: ErrorReport): void {
  const detail = r.detail.slice(0, 4000);
  const now = Date.now();
  const seen = recent.get(detail);
  if (seen !== undefined && now - seen < REPEAT_WINDOW_MS) return;
  if (reportsSent >= MAX_REPORTS_PER_PAGE) return;
  recent.set(detail, now);
  reportsSent += 1;
  const app = selectedApp();
  fire(frontendError, {
    appid: app.AppID !== undefined ? String(app.AppID) : '',
    userid: getUserID(),
    client_type: clientKind() === 'web_android' ? CLIENT_TYPE.androidBug : CLIENT_TYPE.bugDefault,
    bug_type: r.bugType ?? 0,
    page: pageName().slice(0, 200),
    page_type: (r.pageType ?? 'web').slice(0, 64),
    action: (r.action ?? '').slice(0, 200),
    path: window.location.href.slice(0, 500),
    detail,
  });
}

// The global handlers (window errors, unhandled rejections, console.warn) are in error-report.ts, which
// loads this module on the first report.
