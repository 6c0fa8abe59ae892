import { z } from 'zod';
import { defineCall } from '../call.ts';
import { agentCode, appID, guid, optText, text } from '../fields.ts';

/** Study level groups of spec §9. */
export const studyLevels = ['chuzhongji', 'zhiye', 'gaoji', 'jkgls', 'other'] as const;

/** A subject as the catalog lists it. CName is its class's display name. */
export const subjectEntry = z.object({
  AppID: z.number().int(),
  AppEName: z.string(),
  AppName: z.string(),
  CName: z.string(),
  ClassID: z.number().int(),
  Level: z.enum(studyLevels),
});
export type SubjectEntry = z.infer<typeof subjectEntry>;

/** A node of the class tree (parent links; ParentID null at the top). */
export const classEntry = z.object({ ID: z.number().int(), Name: z.string(), Order: z.number().int(), ParentID: z.number().int().nullable() });

/**
 * A module of a version (vnjson): the home tile and its route. free = open to every logged-in learner (trial);
 * trial = the first chaptersPerPart chapters of each part are open to learners without a version (docs/entitlement.md).
 */
export const versionModule = z.object({
  id: z.string(),
  name: z.string(),
  route: z.string(),
  free: z.boolean().optional(),
  trial: z.object({ chaptersPerPart: z.number().int() }).optional(),
});
export type VersionModule = z.infer<typeof versionModule>;

/** A version entry of the version list's 'ar' (spec §3). vn/vname ending in _MNDB = simulated-exam variant. */
export const versionEntry = z.object({
  AppID: z.number().int(),
  AppEName: z.string(),
  CName: z.string(),
  vname: z.string(),
  vn: z.string(),
  vnorder: z.number().int(),
});

/** A module entry of the version list: the module and the version codes that include it. */
export const moduleEntry = z.object({ id: z.string(), name: z.string(), route: z.string(), free: z.boolean(), vns: z.array(z.string()) });

/** Purchased-version record (spec §3 VipApp). EndTime is ISO 8601; valid while in the future. */
export const vipAppRecord = z.object({
  AppID: z.number().int(),
  AppVn: z.string(),
  AppVnName: z.string(),
  VnOrder: z.number().int(),
  EndTime: z.string(),
});
export type VipAppRecord = z.infer<typeof vipAppRecord>;

/** A curVipData list item (spec §3): one version of the subject and whether the learner holds it. */
export const vipListItem = z.object({
  appID: z.number().int(),
  vn: z.string(),
  vname: z.string(),
  vnorder: z.number().int(),
  isVip: z.union([z.literal(0), z.literal(1)]),
  buyListHide: z.boolean(),
  rules: z.object({ hideByVip: z.array(z.string()) }),
  vnjson: z.array(versionModule),
  SubList: z.array(z.object({ ID: z.number().int(), Name: z.string() })),
});

const tenantFields = { agentCode: agentCode().optional(), ac: agentCode().optional() };

export const getKsbClass = defineCall({
  id: 'catalog.getKsbClass',
  method: 'GET',
  path: '/api/research/getKsbClass',
  group: 'general',
  needsSession: false,
  summary: 'The class tree (parent links) and the listed subjects the tenant sells.',
  request: z.object({ ...tenantFields }),
  data: z.object({ classes: z.array(classEntry), subjects: z.array(subjectEntry) }),
});

export const searchAppEName = defineCall({
  id: 'catalog.searchAppEName',
  method: 'GET',
  path: '/api/search/appEName',
  group: 'general',
  needsSession: false,
  summary: 'Listed subjects of the tenant whose name or code contains every word of the keyword.',
  request: z.object({ keyword: text('关键词', 50), ...tenantFields }),
  data: z.object({ list: z.array(subjectEntry) }),
});

export const versionList = defineCall({
  id: 'catalog.versionList',
  method: 'GET',
  path: '/api/app/versionList',
  group: 'general',
  needsSession: false,
  summary:
    "Designed (docs/catalog.md): the subject's module entries keyed by module id plus 'ar' (its versions). Off-shelf or not sold by the tenant: only 'ar': []. Unknown subject: 404.",
  request: z.object({ appID: appID(), guid: z.string({ error: '登录信息格式不正确' }).max(128, { error: '登录信息格式不正确' }).optional(), ...tenantFields }),
  data: z.object({ ar: z.array(versionEntry) }).catchall(moduleEntry),
});

export const vipApp = defineCall({
  id: 'catalog.vipApp',
  method: 'GET',
  path: '/api/user/vipApp',
  group: 'general',
  needsSession: true,
  timeoutMs: 15_000,
  summary: "The signed-in learner's purchases of a subject (expired ones too), highest VnOrder first.",
  request: z.object({ guid: guid(), appID: appID() }),
  data: z.array(vipAppRecord),
});

export const vipinfo = defineCall({
  id: 'catalog.vipinfo',
  method: 'GET',
  path: '/api/user/vipinfo',
  group: 'general',
  needsSession: true,
  timeoutMs: 15_000,
  summary: "The subject's versions as curVipData items (isVip per the learner's valid purchases), the current purchase and the active ones.",
  request: z.object({ guid: guid(), appID: appID() }),
  data: z.object({
    list: z.array(vipListItem),
    msdbMsg: z.string(),
    /** The current version: the valid purchase with the highest VnOrder; null = trial (curAppvn −1). */
    vipdata: vipAppRecord.nullable(),
    userInfoAll: z.array(vipAppRecord),
  }),
});

export const setLastApp = defineCall({
  id: 'catalog.setLastApp',
  method: 'GET',
  path: '/api/user/setLastApp',
  group: 'general',
  needsSession: true,
  summary: "Remember the signed-in learner's last chosen subject and version.",
  request: z.object({ guid: guid(), appID: appID(), vn: text('班次', 32) }),
  data: z.object({ AppID: z.number().int(), AppVn: z.string() }),
});

export const useCode = defineCall({
  id: 'catalog.useCode',
  method: 'POST',
  path: '/api/limitedCode/useCode',
  group: 'payment',
  needsSession: true,
  summary:
    "Redeem an activation code for the signed-in learner (userName must be theirs): grants the code's version for its validity. Single use; wrong guesses limited per learner and IP.",
  request: z.object({ guid: guid(), code: text('激活码', 64), userName: text('账号', 32), appID: appID(), device: optText('设备', 100) }),
  data: vipAppRecord,
});

export const CATALOG_MSG = {
  unknownSubject: '科目不存在',
  unknownVersion: '班次不存在',
  codeUnknown: '激活码不存在',
  codeUsed: '激活码已被使用',
  codeExpired: '激活码已过期',
  codeWrongSubject: '该激活码不适用于当前科目',
  codeTooMany: '尝试次数过多，请稍后再试',
  notYourAccount: '账号与当前登录用户不一致',
} as const;

export const catalogCalls = { getKsbClass, searchAppEName, versionList, vipApp, vipinfo, setLastApp, useCode };
