import { CATALOG_MSG, type DataOf, type SubjectEntry, type studyLevels, type versionList } from '@kaoshi/contract';

/** Module entries and 'ar' share one object (spec §3); TypeScript cannot type an index signature beside 'ar'. */
type VersionListData = DataOf<typeof versionList>;
import type { AgentRow, SubjectRow } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { hiddenFor, toVipApp, type EntitlementService } from '../entitlement/index.ts';
import type { CatalogStore } from './store.ts';
import { chinaDay } from '../../platform/china-time.ts';

const entry = (s: SubjectRow): SubjectEntry => ({
  AppID: s.appId,
  AppEName: s.appEName,
  AppName: s.appName,
  CName: s.cName,
  ClassID: s.classId,
  Level: s.level as (typeof studyLevels)[number],
});

/** The catalog calls (docs/catalog.md). Every learner-specific answer is read by the session's user id only. */
export function createCatalogService(deps: { store: CatalogStore; entitlements: EntitlementService; clock: Clock }) {
  const { store, entitlements, clock } = deps;

  async function knownSubject(appId: number): Promise<SubjectRow> {
    const subject = await store.subject(appId);
    if (!subject) throw notFound(CATALOG_MSG.unknownSubject);
    return subject;
  }

  return {
    async classTree(tenant: AgentRow) {
      const [all, subjects] = await Promise.all([store.classes(), store.soldBy(tenant.code)]);
      // Only classes that hold a subject the tenant sells, and their ancestors: no empty tabs.
      const parent = new Map(all.map((c) => [c.id, c.parentId]));
      const keep = new Set<number>();
      for (const s of subjects) for (let id: number | null | undefined = s.classId; id != null && !keep.has(id); id = parent.get(id)) keep.add(id);
      const classes = all.filter((c) => keep.has(c.id));
      return {
        classes: classes.map((c) => ({ ID: c.id, Name: c.name, Order: c.order, ParentID: c.parentId })),
        subjects: subjects.map(entry),
      };
    },

    /** Every whitespace-separated word must occur in the name, the class name or the code (case-insensitive). */
    async search(tenant: AgentRow, keyword: string) {
      const words = keyword.toLowerCase().split(/\s+/).filter(Boolean);
      const subjects = await store.soldBy(tenant.code);
      const hay = (s: SubjectRow) => `${s.appName} ${s.cName} ${s.appEName}`.toLowerCase();
      return { list: subjects.filter((s) => words.every((w) => hay(s).includes(w))).map(entry) };
    },

    /** Module entries keyed by module id plus 'ar'. Off shelf or not sold by the tenant: { ar: [] }. */
    async versionList(tenant: AgentRow, appId: number): Promise<VersionListData> {
      const subject = await knownSubject(appId);
      if (!subject.listed || !(await store.sells(tenant.code, appId))) return { ar: [] } as unknown as VersionListData;
      const versions = await store.versions(appId);
      const modules: Record<string, { id: string; name: string; route: string; free: boolean; vns: string[] }> = {};
      for (const v of versions) {
        for (const m of v.vnjson) {
          const e = (modules[m.id] ??= { id: m.id, name: m.name, route: m.route, free: false, vns: [] });
          e.free ||= m.free === true;
          e.vns.push(v.vn);
        }
      }
      const ar = versions.map((v) => ({ AppID: appId, AppEName: subject.appEName, CName: subject.cName, vname: v.vname, vn: v.vn, vnorder: v.vnorder }));
      return { ...modules, ar } as unknown as VersionListData;
    },

    async vipApp(userId: number, appId: number) {
      await knownSubject(appId);
      const [h, versions] = await Promise.all([entitlements.holdings(userId, appId), store.versions(appId)]);
      return h.all.map((p) => toVipApp(p, versions));
    },

    async vipinfo(userId: number, appId: number) {
      await knownSubject(appId);
      const [h, versions] = await Promise.all([entitlements.holdings(userId, appId), store.versions(appId)]);
      const held = new Set(h.valid.map((p) => p.vn));
      const hidden = hiddenFor(versions, h.valid);
      const list = versions
        .filter((v) => !hidden.has(v.vn) || held.has(v.vn))
        .map((v) => ({
          appID: appId,
          vn: v.vn,
          vname: v.vname,
          vnorder: v.vnorder,
          isVip: held.has(v.vn) ? (1 as const) : (0 as const),
          buyListHide: v.buyListHide,
          rules: v.rules,
          vnjson: v.vnjson,
          SubList: v.subList,
        }));
      const msdb = h.valid.find((p) => versions.find((v) => v.vn === p.vn)?.simulated);
      return {
        list,
        msdbMsg: msdb ? `考前模拟有效期至${chinaDay(msdb.endTime.getTime())}` : '',
        vipdata: h.current ? toVipApp(h.current, versions) : null,
        userInfoAll: h.valid.map((p) => toVipApp(p, versions)),
      };
    },

    async setLastApp(userId: number, appId: number, vn: string) {
      await knownSubject(appId);
      if (!(await store.versions(appId)).some((v) => v.vn === vn)) throw notFound(CATALOG_MSG.unknownVersion);
      await store.setLastApp(userId, appId, vn, new Date(clock()));
      return { AppID: appId, AppVn: vn };
    },

    /** userName must name the signed-in learner: a code is never redeemed for someone else. */
    async useCode(user: { id: number; userName: string }, input: { userName: string; appID: number; code: string }, ip: string) {
      if (input.userName !== user.userName) throw forbidden(CATALOG_MSG.notYourAccount);
      await knownSubject(input.appID);
      return entitlements.redeem(user.id, input.appID, input.code, ip);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
