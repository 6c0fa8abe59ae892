import { z } from 'zod';
import { defineCall } from '../call.ts';
import { agentCode, appID, guid, optAppID, optInt, optText, text } from '../fields.ts';
import { versionModule, vipAppRecord } from './catalog.ts';

/**
 * App-info calls of a chosen subject (spec §7): the home page's modules, sprint config, guide pages,
 * banners, the notice window, red dots, the modules-down check, the learner's purchases over all
 * subjects, and the subject-selected tracking call. Payloads the spec leaves out are designed here and
 * described in docs/catalog.md.
 */

const tenantFields = { agentCode: agentCode().optional(), ac: agentCode().optional() };

/** Why a module is open or closed (the server's entitlement decision, docs/entitlement.md). */
export const entitlementReasons = ['free', 'purchase', 'trial', 'guest', 'not-purchased', 'beyond-trial', 'expired', 'hidden-by-vip', 'unknown-subject'] as const;
export type EntitlementReason = (typeof entitlementReasons)[number];

/** A version the learner could buy to open something: the buy prompt lists these. */
export const unlockingVersion = z.object({ vn: z.string(), vname: z.string() });
export type UnlockingVersion = z.infer<typeof unlockingVersion>;

/** A home-grid module with the server's decision for the signed-in learner. */
export const homeModule = versionModule.extend({
  allowed: z.boolean(),
  reason: z.enum(entitlementReasons),
  unlocking: z.array(unlockingVersion),
  /**
   * The tile opens a hub (the 考试中心, TEST_MODES source 'hub') that always holds items the learner may
   * use (考试指南 and 机考体验, the free tests, the records): the tile opens even when the module itself is
   * closed; the hub then shows each item open or locked. `allowed` stays the module's own decision.
   */
  opensHub: z.boolean(),
});
export type HomeModule = z.infer<typeof homeModule>;

export const moduleInfoX = defineCall({
  id: 'subject.moduleInfoX',
  method: 'GET',
  path: '/api/app/moduleInfoX',
  group: 'general',
  needsSession: true,
  timeoutMs: 15_000,
  summary:
    "The home grid of a subject: the modules of version vn (default: the highest-order non-simulated version) followed by those of the learner's other valid purchases, each with the entitlement decision.",
  request: z.object({ guid: guid(), appID: appID(), vn: optText('班次', 32) }),
  data: z.object({
    AppID: z.number().int(),
    AppEName: z.string(),
    AppName: z.string(),
    CName: z.string(),
    /** The version whose grid this is. */
    vn: z.string(),
    vname: z.string(),
    /** The learner's current version (valid purchase with the highest VnOrder); null = trial ('试用版'). */
    current: vipAppRecord.nullable(),
    modules: z.array(homeModule),
  }),
});

export const sprintClassType = defineCall({
  id: 'subject.sprintClassType',
  method: 'GET',
  path: '/api/sprint/getClassType',
  group: 'general',
  needsSession: false,
  summary: 'Sprint (考前冲刺) config of a subject: ClassType and newClassType. No config → body status 404 "获取配置失败".',
  request: z.object({ appID: appID() }),
  data: z.object({ AppID: z.number().int(), ClassType: z.number().int(), newClassType: z.number().int() }),
});

export const guidePageKinds = ['guidance', 'introduce'] as const;

export const guidePage = defineCall({
  id: 'subject.guidePage',
  method: 'GET',
  path: '/api/guide/page',
  group: 'general',
  needsSession: false,
  summary: "Guide pages: 'guidance' (how to use the app; per tenant, appID optional) or 'introduce' (a subject's exam introduction; appID required).",
  request: z.object({
    kind: z.enum(guidePageKinds, { error: '页面类型不正确' }),
    appID: optAppID(),
    ...tenantFields,
  }),
  data: z.object({
    title: z.string(),
    sections: z.array(z.object({ title: z.string(), body: z.string() })),
  }),
});

export const bannerPositions = ['home', 'switch'] as const;

/** A banner (spec: Publish). Link is an in-app path (validated on the server) or '' for none. */
export const banner = z.object({
  ManagementID: z.number().int(),
  ImageID: z.number().int(),
  Title: z.string(),
  SubTitle: z.string(),
  /** Image under /static/banners/ or '' (the client then draws the title on the tenant colour). */
  ImageUrl: z.string(),
  Link: z.string(),
  Color: z.string(),
});
export type Banner = z.infer<typeof banner>;

export const publish = defineCall({
  id: 'subject.publish',
  method: 'GET',
  path: '/api/getManagement/Publish',
  group: 'general',
  needsSession: false,
  summary:
    "Banners for a position ('home' of a subject, or 'switch' on the subject switcher), for the tenant, current at the server clock. Signed in (guid), a banner promoting a version the learner holds, or one containing it, is left out.",
  request: z.object({ position: z.enum(bannerPositions, { error: '位置不正确' }), appID: optAppID(), guid: optText('登录信息', 128), ...tenantFields }),
  data: z.object({ list: z.array(banner) }),
});

/**
 * Who a notice is for: everyone; learners whose account existed before the notice started (e.g. a
 * migration notice); or learners who joined since (e.g. a welcome). Without a session: 'all' only.
 */
export const NOTICE_AUDIENCES = ['all', 'existing', 'new'] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];

export const messWindow = defineCall({
  id: 'subject.messWindow',
  method: 'GET',
  path: '/api/getManagement/getmesswindow',
  group: 'general',
  needsSession: false,
  summary:
    "The notice window to show on the home page (newest current notice for the tenant, the subject and the learner's audience: NOTICE_AUDIENCES), or null. The client shows each ID once.",
  request: z.object({ appID: optAppID(), guid: optText('登录信息', 128), ...tenantFields }),
  data: z.object({
    window: z.object({ ID: z.number().int(), Title: z.string(), Content: z.string(), Link: z.string(), ButtonText: z.string() }).nullable(),
  }),
});

export const activityClick = defineCall({
  id: 'subject.activityClick',
  method: 'POST',
  path: '/api/getManagement/activityClick',
  group: 'tracking',
  needsSession: false,
  allowedRepeat: true,
  summary: 'A banner or notice was tapped.',
  request: z.object({ appID: optAppID(), guid: optText('登录信息', 128), manageMentID: optInt('活动编号'), imageID: optInt('图片编号') }),
  data: z.object({ recorded: z.literal(true) }),
});

export const redDotList = defineCall({
  id: 'subject.redDotList',
  method: 'GET',
  path: '/api/redDot/list',
  group: 'general',
  needsSession: true,
  summary: "Module ids of the subject with content newer than the learner's last visit of that module.",
  request: z.object({ guid: guid(), appID: appID() }),
  data: z.object({ modules: z.array(z.string()) }),
});

export const redDotRead = defineCall({
  id: 'subject.redDotRead',
  method: 'POST',
  path: '/api/redDot/read',
  group: 'general',
  needsSession: true,
  allowedRepeat: true,
  summary: "Mark a module's red dot as seen by the learner.",
  request: z.object({ guid: guid(), appID: appID(), moduleID: text('模块', 32) }),
  data: z.object({ moduleID: z.string() }),
});

export const checkUserModulesDown = defineCall({
  id: 'subject.checkUserModulesDown',
  method: 'POST',
  path: '/user/checkUserModulesDown',
  group: 'general',
  needsSession: true,
  summary: "Whether the subject was taken off shelf, and which of the client's cached module ids (comma-separated) no version of the subject offers any more.",
  request: z.object({ guid: guid(), appID: appID(), moduleIDs: optText('模块', 2000) }),
  data: z.object({ subjectDown: z.boolean(), modulesDown: z.array(z.string()) }),
});

/** A purchase with its subject and what it opens (the member centre). */
export const purchaseDetail = vipAppRecord.extend({
  AppEName: z.string(),
  AppName: z.string(),
  valid: z.boolean(),
  modules: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PurchaseDetail = z.infer<typeof purchaseDetail>;

export const myPurchases = defineCall({
  id: 'subject.myPurchases',
  method: 'GET',
  path: '/api/user/purchases',
  group: 'general',
  needsSession: true,
  summary: "Designed: the signed-in learner's purchases over all subjects (valid first, then expired), with the modules each opens.",
  request: z.object({ guid: guid() }),
  data: z.object({ list: z.array(purchaseDetail) }),
});

export const selectApp = defineCall({
  id: 'tracking.selectApp',
  method: 'POST',
  path: '/api/yt_ksbao/new/statistics/selectApp',
  group: 'tracking',
  needsSession: false,
  allowedRepeat: true,
  summary: 'Designed follow-up of choosing a subject (spec §4): subject, chosen version and current purchased version (-1 trial).',
  request: z.object({
    userName: optText('用户名', 64),
    appID: optAppID(),
    appEName: optText('科目英文名', 64),
    appName: optText('科目名称', 100),
    vn: optText('班次', 32),
    curVn: optText('当前班次', 32),
    agentCode: optText('代理商编号', 12),
    clientType: optInt('客户端类型', 0, 99),
  }),
  data: z.object({ recorded: z.literal(true) }),
});

export const getLastApp = defineCall({
  id: 'subject.getLastApp',
  method: 'GET',
  path: '/api/user/getLastApp',
  group: 'general',
  needsSession: true,
  summary:
    "Designed: the learner's last chosen subject and version (written by setLastApp); without one (or when it went off shelf), the subject of the learner's most recent valid purchase; else null. The home page uses it to restore the subject after the change-info check cleared it, or on a new device.",
  request: z.object({ guid: guid() }),
  data: z.object({ AppID: z.number().int(), AppVn: z.string(), AppEName: z.string(), AppName: z.string(), CName: z.string() }).nullable(),
});

export const SUBJECT_MSG = {
  sprintMissing: '获取配置失败',
  subjectOffShelf: '该科目已下架，请使用其他科目',
  guestChoose: '您当前尚未登录，请登录后再使用',
  unknownModule: '模块不存在',
  unknownPage: '页面不存在',
} as const;

export const subjectCalls = {
  moduleInfoX,
  sprintClassType,
  guidePage,
  publish,
  messWindow,
  activityClick,
  redDotList,
  redDotRead,
  checkUserModulesDown,
  myPurchases,
  getLastApp,
  selectApp,
};
