import {
  CATALOG_MSG,
  contains,
  LIVE_LIST_ROUTE,
  SUBJECT_MSG,
  TEST_MODES,
  VIDEO_LIST_ROUTE,
  READING_HUB_ROUTES,
  type Banner,
  type HomeModule,
  type PurchaseDetail,
  type VipAppRecord,
} from '@kaoshi/contract';
import type { AgentRow, BannerRow, PurchaseRow, SubjectRow, VersionRow } from '../../db/schema/index.ts';
import type { CacheBus } from '../../platform/cache/bus.ts';
import { createMemo } from '../../platform/cache/memo.ts';
import type { Clock } from '../../platform/clock.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import { fill, jsonBytes, jsonWithHole, type JsonWithHole } from '../../platform/json-bytes.ts';
import type { CatalogFacts } from '../catalog/index.ts';
import { toVipApp, type EntitlementService } from '../entitlement/index.ts';
import type { SubjectStore } from './store.ts';

/** Message of guidePage 'introduce' without a subject. */
export const CHOOSE_SUBJECT_MSG = '请选择科目';

/**
 * An in-app path: starts with one '/' (not '//' or '/\', which browsers read as another host), no
 * whitespace, backslash or control characters. No scheme can precede the leading '/'. '' = no link.
 */
// eslint-disable-next-line no-control-regex -- control characters are refused on purpose
export const isInAppLink = (link: string): boolean => link === '' || /^\/(?![/\\])[^\s\\\u0000-\u001f\u007f]*$/.test(link);

/**
 * Routes of the hubs (TEST_MODES rows with source 'hub', 视频精讲's list of free lessons and previews, and the reading lists): their
 * tiles open for every learner (HomeModule.opensHub).
 */
const HUB_ROUTES = new Set<string>([...TEST_MODES.filter((r) => r.source === 'hub').map((r) => r.route), VIDEO_LIST_ROUTE, LIVE_LIST_ROUTE, ...READING_HUB_ROUTES]);

/** The version a grid shows by default: highest vnorder non-simulated, else the highest simulated (spec §4). */
export const defaultVersion = (versions: VersionRow[]): VersionRow | undefined => {
  const byOrder = [...versions].sort((a, b) => b.vnorder - a.vnorder);
  return byOrder.find((v) => !v.simulated) ?? byOrder[0];
};

/** Module ids any version of the subject offers, in order of first appearance (lowest vnorder first). */
const offeredModules = (versions: VersionRow[]): string[] => [...new Set(versions.flatMap((v) => v.vnjson.map((m) => m.id)))];

const toBanner = (b: BannerRow): Banner => ({
  ManagementID: b.id,
  ImageID: b.imageId,
  Title: b.title,
  SubTitle: b.subTitle,
  ImageUrl: b.imageUrl,
  // Checked by the seed; checked again here so that a bad row can never send the learner off the app.
  Link: isInAppLink(b.link) ? b.link : '',
  Color: b.color,
});

/** A home grid's reply made once: the subject's and version's names, the learner's current version left open, the modules. */
type GridReply = JsonWithHole<{ AppID: number; AppEName: string; AppName: string; CName: string; vn: string; vname: string }, 'current', { modules: HomeModule[] }>;

/** The app-info calls of a chosen subject (docs/catalog.md). Learner data is read by the session's user id only. */
export function createSubjectService(deps: { store: SubjectStore; catalog: CatalogFacts; entitlements: EntitlementService; clock: Clock; bus: CacheBus }) {
  const { store, catalog, entitlements, clock, bus } = deps;
  // A home grid depends only on the subject's versions, the version shown and which versions the learner holds
  // (valid, and at all): learners holding the same share it. Dropped with the catalog (docs/caching.md).
  // Each grid is kept with its reply's JSON, made once around the learner's current version, which each call fills
  // in (docs/server.md, "Hot replies"): the subject's and version's names are of the key's subject and version.
  const grids = createMemo<string, GridReply>(bus, { max: 5_000, ttlMs: 5 * 60_000 });
  bus.on('catalog', () => grids.clear());

  // The learner's current version as JSON, made once per purchase row and the versions naming it: the rows are held
  // (frozen) by the entitlements' cache, which replaces them on any change to the learner's purchases.
  const currents = new WeakMap<PurchaseRow, { versions: VersionRow[]; value: VipAppRecord; json: Buffer }>();
  const currentOf = (purchase: PurchaseRow, versions: VersionRow[]) => {
    let held = currents.get(purchase);
    if (held?.versions !== versions) {
      const value = toVipApp(purchase, versions);
      currents.set(purchase, (held = { versions, value, json: jsonBytes(value) }));
    }
    return held;
  };

  async function knownSubject(appId: number): Promise<SubjectRow> {
    const subject = await catalog.subject(appId);
    if (!subject) throw notFound(CATALOG_MSG.unknownSubject);
    return subject;
  }

  return {
    /**
     * The home grid: modules of version vn (default: defaultVersion), then those of the learner's other valid
     * purchases not yet included; each with the entitlement decision of decide().
     */
    async moduleInfoX(userId: number, appId: number, vn: string | undefined) {
      const subject = await knownSubject(appId);
      const versions = subject.listed ? await catalog.versions(appId) : [];
      if (versions.length === 0) throw badInput(SUBJECT_MSG.subjectOffShelf);
      const version = vn === undefined ? defaultVersion(versions) : versions.find((v) => v.vn === vn);
      if (!version) throw badInput(CATALOG_MSG.unknownVersion);

      const h = await entitlements.holdings(userId, appId);
      const vns = (list: { vn: string }[]) => [...new Set(list.map((p) => p.vn))].sort().join(',');
      const grid = await grids.get(`${appId}|${version.vn}|${vns(h.valid)}|${vns(h.all)}`, async () => {
        const tiles = [...version.vnjson];
        const seen = new Set(tiles.map((m) => m.id));
        for (const p of h.valid) {
          for (const m of versions.find((v) => v.vn === p.vn)?.vnjson ?? []) {
            if (seen.has(m.id)) continue;
            seen.add(m.id);
            tiles.push(m);
          }
        }
        const decisions = await entitlements.decideAll(
          userId,
          appId,
          tiles.map((m) => ({ moduleId: m.id })),
        );
        const modules = tiles.map((m, i): HomeModule => {
          const d = decisions[i]!;
          return { ...m, allowed: d.allowed, reason: d.reason, unlocking: d.unlockingVersions, opensHub: HUB_ROUTES.has(m.route) };
        });
        const names = { AppID: subject.appId, AppEName: subject.appEName, AppName: subject.appName, CName: subject.cName, vn: version.vn, vname: version.vname };
        return jsonWithHole(names, 'current', { modules });
      });
      if (!h.current) return fill(grid, null);
      const current = currentOf(h.current, versions);
      return fill(grid, current.value, current.json);
    },

    async sprintClassType(appId: number) {
      const row = await store.sprintConfig(appId);
      if (!row) throw notFound(SUBJECT_MSG.sprintMissing);
      return { AppID: row.appId, ClassType: row.classType, newClassType: row.newClassType };
    },

    /** 'guidance': the tenant's own page, else the default; 'introduce': the subject's page (tenant's own first). */
    async guidePage(tenant: AgentRow, kind: 'guidance' | 'introduce', appId: number | undefined) {
      if (kind === 'introduce' && appId === undefined) throw badInput(CHOOSE_SUBJECT_MSG);
      const pages = await store.guidePages(kind, tenant.code, kind === 'introduce' ? appId! : null);
      const page = pages.find((p) => p.agentCode === tenant.code) ?? pages.find((p) => p.agentCode === null);
      if (!page) throw notFound(SUBJECT_MSG.unknownPage);
      return { title: page.title, sections: page.sections.map((s) => ({ title: s.title, body: s.body })) };
    },

    /**
     * Current banners of the position; 'switch' shows only banners for every subject. A banner that promotes a
     * version (vn) is left out for a signed-in learner (userId) who validly holds it or a version that contains it.
     */
    async publish(tenant: AgentRow, position: 'home' | 'switch', appId: number | undefined, userId: number | null) {
      const rows = await store.banners(position, tenant.code, position === 'home' ? (appId ?? null) : null, new Date(clock()));
      const promoting = rows.filter((b) => b.vn !== null && b.appId !== null);
      if (userId === null || promoting.length === 0) return { list: rows.map(toBanner) };
      const held = new Set<number>();
      for (const id of new Set(promoting.map((b) => b.appId!))) {
        const [versions, h] = await Promise.all([catalog.versions(id), entitlements.holdings(userId, id)]);
        const mine = versions.filter((v) => h.valid.some((p) => p.vn === v.vn)).map((v) => ({ modules: v.vnjson }));
        for (const b of promoting.filter((r) => r.appId === id)) {
          const promoted = versions.find((v) => v.vn === b.vn);
          if (promoted && mine.some((v) => contains(v, { modules: promoted.vnjson }))) held.add(b.id);
        }
      }
      return { list: rows.filter((b) => !held.has(b.id)).map(toBanner) };
    },

    /**
     * The notice to show: the learner's audience when signed in (userId), else notices for everyone. A signed-in
     * learner is given each notice once, on whichever device (notice_seen, recorded as it is given); a guest's
     * device remembers what it showed (the web's seenNotices).
     */
    async messWindow(tenant: AgentRow, appId: number | undefined, userId: number | null) {
      const now = new Date(clock());
      const joined = userId === null ? null : await store.joinedAt(userId);
      let n = await store.notice(tenant.code, appId ?? null, now, joined, userId);
      // Given on another device at this very moment: nothing now (the next one comes at the next visit).
      if (n && userId !== null && !(await store.giveNotice(userId, n.id, now))) n = undefined;
      return {
        window: n ? { ID: n.id, Title: n.title, Content: n.content, Link: isInAppLink(n.link) ? n.link : '', ButtonText: n.buttonText } : null,
      };
    },

    /** Offered modules of the subject whose content changed after the learner last opened them. */
    async redDots(userId: number, appId: number) {
      await knownSubject(appId);
      const [versions, unseen] = await Promise.all([catalog.versions(appId), store.unseenModules(userId, appId)]);
      const dots = new Set(unseen);
      return { modules: offeredModules(versions).filter((id) => dots.has(id)) };
    },

    async readRedDot(userId: number, appId: number, moduleId: string) {
      await knownSubject(appId);
      if (!offeredModules(await catalog.versions(appId)).includes(moduleId)) throw badInput(SUBJECT_MSG.unknownModule);
      await store.markSeen(userId, appId, moduleId, new Date(clock()));
      return { moduleID: moduleId };
    },

    /** For later issues (question import, new videos): a module got new content now, so its red dot shows again. */
    async markModuleUpdated(appId: number, moduleId: string): Promise<void> {
      await store.touchModule(appId, moduleId, new Date(clock()));
    },

    async modulesDown(appId: number, moduleIds: string | undefined) {
      const subject = await catalog.subject(appId);
      const offered = new Set(subject ? offeredModules(await catalog.versions(appId)) : []);
      const asked = [
        ...new Set(
          (moduleIds ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      return { subjectDown: !subject || !subject.listed, modulesDown: asked.filter((id) => !offered.has(id)) };
    },

    /** Every purchase of the learner: valid first (latest end first), then expired (latest end first). */
    async myPurchases(userId: number) {
      const now = clock();
      const rows = await store.purchasesOf(userId);
      const versions = await store.versionsOf([...new Set(rows.map((r) => r.subject.appId))]);
      const list: PurchaseDetail[] = rows.map(({ purchase, subject }) => {
        const own = versions.filter((v) => v.appId === subject.appId);
        const record: VipAppRecord = toVipApp(purchase, own);
        const version = own.find((v) => v.vn === purchase.vn);
        return {
          ...record,
          AppEName: subject.appEName,
          AppName: subject.appName,
          valid: purchase.endTime.getTime() > now,
          modules: (version?.vnjson ?? []).map((m) => ({ id: m.id, name: m.name })),
        };
      });
      list.sort((a, b) => Number(b.valid) - Number(a.valid) || Date.parse(b.EndTime) - Date.parse(a.EndTime) || a.AppID - b.AppID);
      return { list };
    },

    /**
     * The learner's last chosen subject; without one (a new device after buying elsewhere, or the last
     * subject went off shelf), the subject of the learner's most recent valid purchase on sale; else null.
     */
    async lastApp(userId: number) {
      const row = await catalog.lastApp(userId);
      const subject = row ? await catalog.subject(row.appId) : undefined;
      if (row && subject?.listed) return { AppID: subject.appId, AppVn: row.vn, AppEName: subject.appEName, AppName: subject.appName, CName: subject.cName };
      const now = clock();
      const bought = (await store.purchasesOf(userId))
        .filter(({ purchase, subject }) => subject.listed && purchase.endTime.getTime() > now)
        .sort((a, b) => b.purchase.createdAt.getTime() - a.purchase.createdAt.getTime() || b.purchase.vnOrder - a.purchase.vnOrder)[0];
      if (!bought) return null;
      return { AppID: bought.subject.appId, AppVn: bought.purchase.vn, AppEName: bought.subject.appEName, AppName: bought.subject.appName, CName: bought.subject.cName };
    },
  };
}

export type SubjectService = ReturnType<typeof createSubjectService>;
