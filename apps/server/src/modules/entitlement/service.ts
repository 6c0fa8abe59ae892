import { CATALOG_MSG, type GateTarget, type VipAppRecord } from '@kaoshi/contract';
import type { PurchaseRow, VersionRow } from '../../db/schema/index.ts';
import type { CacheBus } from '../../platform/cache/bus.ts';
import { createMemo } from '../../platform/cache/memo.ts';
import type { Clock } from '../../platform/clock.ts';
import { badInput, notFound, tooMany } from '../../platform/errors.ts';
import type { ItemAccess, ItemFacts } from '../../platform/items.ts';
import { limitIp } from '../../platform/rate-limit/ip-key.ts';
import type { RateLimiter } from '../../platform/rate-limit/limiter.ts';
import { hashCode } from './codes.ts';
import { buyPrompt, chapterOpen, type ChapterAccess } from './rules.ts';

export type { ChapterAccess };
import type { EntitlementStore } from './store.ts';
import { trialChapters, type TrialChapter } from './trial.ts';

const DAY = 86_400_000;

/**
 * How long a learner's purchases are held at most (a notification drops them at once on any change, and every cache
 * is emptied when notifications may have been missed). Not 30 s: that is the exam's autosave rhythm, and a lifetime
 * equal to it made every autosave of an exam evening read the purchases again.
 */
export const PURCHASE_CACHE_MS = 5 * 60_000;

/**
 * What is asked for: a whole module, or one content item inside a module (which may be marked free, or lie in
 * a chapter, which a module's trial rule may open).
 */
export type Target = { moduleId: string } | { contentItem: { moduleId: string; free?: boolean; chapter?: number } };

export type Reason = 'free' | 'purchase' | 'trial' | 'guest' | 'not-purchased' | 'beyond-trial' | 'expired' | 'hidden-by-vip' | 'unknown-subject';

export interface Decision {
  allowed: boolean;
  reason: Reason;
  /** Versions the learner could buy to open the target (not hidden from them, not buyListHide). */
  unlockingVersions: { vn: string; vname: string }[];
}

/** Wrong activation-code guesses allowed per learner and per IP in a window. */
export const CODE_GUESS_LIMIT = { perUser: 10, perIp: 10, windowMs: 3600_000 } as const;

/** A learner's purchases of one subject, split by validity at `now`. */
export interface Holdings {
  all: PurchaseRow[];
  valid: PurchaseRow[];
  /** The valid purchase with the highest VnOrder (the current version), or undefined (trial, curAppvn −1). */
  current: PurchaseRow | undefined;
}

export const toVipApp = (p: PurchaseRow, versions: VersionRow[]): VipAppRecord => ({
  AppID: p.appId,
  AppVn: p.vn,
  AppVnName: versions.find((v) => v.vn === p.vn)?.vname ?? p.vn,
  VnOrder: p.vnOrder,
  EndTime: p.endTime.toISOString(),
});

/** Versions hidden from a learner: those whose rules.hideByVip lists a version the learner validly holds. */
export const hiddenFor = (versions: VersionRow[], valid: PurchaseRow[]): Set<string> => {
  const held = new Set(valid.map((p) => p.vn));
  return new Set(versions.filter((v) => v.rules.hideByVip.some((vn) => held.has(vn))).map((v) => v.vn));
};

/**
 * The facts of the catalog a decision reads (the catalog's store answers them; app.ts passes it): the subject and
 * its versions. The entitlement module imports nothing of the catalog.
 */
export interface SubjectFacts {
  subject(appId: number): Promise<{ listed: boolean } | undefined>;
  versions(appId: number): Promise<VersionRow[]>;
}

export function createEntitlementService(deps: {
  store: EntitlementStore;
  catalog: SubjectFacts;
  /** The subject's chapter tree (for trial rules), by order. */
  chapters: (appId: number) => Promise<TrialChapter[]>;
  clock: Clock;
  limiter: RateLimiter;
  bus: CacheBus;
}) {
  const { store, catalog, chapters, clock, limiter, bus } = deps;
  // Each learner's purchases, all subjects in one read (docs/caching.md): dropped when the database notifies a
  // change to them (a redemption, an order, an operator's refund, from any process) and after 30 s in any case.
  const held = createMemo<number, PurchaseRow[]>(bus, { max: 100_000, ttlMs: PURCHASE_CACHE_MS });
  bus.on('purchase', (e) => (e && e.userId !== '*' ? held.delete(e.userId) : held.clear()));

  async function holdings(userId: number, appId: number): Promise<Holdings> {
    const now = clock();
    const mine = await held.get(userId, () => store.purchasesOf(userId));
    const all = mine.filter((p) => p.appId === appId).sort((a, b) => b.vnOrder - a.vnOrder || b.endTime.getTime() - a.endTime.getTime());
    const valid = all.filter((p) => p.endTime.getTime() > now);
    return { all, valid, current: valid[0] };
  }

  /**
   * What a decision needs, loaded once per (learner, subject): the versions on sale, the learner's purchases, and
   * what every decision of this call shares (the versions hidden from the learner, those the learner validly
   * holds, each module's offering versions), worked out once rather than once per module of a grid.
   */
  async function contextOf(userId: number | null, appId: number): Promise<Context> {
    // The reads at once: they do not depend on each other (each is held in memory once read, docs/caching.md).
    const [subject, listed, held] = await Promise.all([catalog.subject(appId), catalog.versions(appId), userId === null ? undefined : holdings(userId, appId)]);
    const versions = subject?.listed ? listed : [];
    const h = versions.length === 0 ? undefined : held;
    return {
      versions,
      h,
      hidden: hiddenFor(versions, h?.valid ?? []),
      validVns: new Set(h?.valid.map((p) => p.vn)),
      allVns: new Set(h?.all.map((p) => p.vn)),
      offering: new Map(),
    };
  }

  interface Context {
    versions: VersionRow[];
    h: Holdings | undefined;
    hidden: Set<string>;
    validVns: Set<string>;
    allVns: Set<string>;
    /** Per module id: the versions offering it (filled as modules are asked). */
    offering: Map<string, VersionRow[]>;
  }

  const offeringOf = (ctx: Context, moduleId: string): VersionRow[] => {
    let list = ctx.offering.get(moduleId);
    if (!list) ctx.offering.set(moduleId, (list = ctx.versions.filter((v) => v.vnjson.some((m) => m.id === moduleId))));
    return list;
  };

  /** The largest trial rule of the module among the versions offering it (none: no trial). */
  const trialOf = (versions: VersionRow[], moduleId: string) =>
    versions
      .flatMap((v) => v.vnjson.filter((m) => m.id === moduleId && m.trial))
      .map((m) => m.trial!)
      .sort((a, b) => b.chaptersPerPart - a.chaptersPerPart)[0];

  /**
   * The decision without the chapter of a content item: `trial` when the learner, holding no version that offers
   * the module, may use the part of it that its trial rule opens (the caller then checks the chapter).
   */
  function judge(ctx: Context, userId: number | null, target: Target): Decision & { partial?: true } {
    const { versions, h, hidden } = ctx;
    if (versions.length === 0) return { allowed: false, reason: 'unknown-subject', unlockingVersions: [] };
    const moduleId = 'moduleId' in target ? target.moduleId : target.contentItem.moduleId;
    const offering = offeringOf(ctx, moduleId);
    const unlockingVersions = offering.filter((v) => !hidden.has(v.vn) && !v.buyListHide).map((v) => ({ vn: v.vn, vname: v.vname }));
    const deny = (reason: Reason): Decision => ({ allowed: false, reason, unlockingVersions });

    if ('contentItem' in target && target.contentItem.free) return { allowed: true, reason: 'free', unlockingVersions: [] };
    if (userId === null || !h) return deny('guest');
    if (offering.some((v) => ctx.validVns.has(v.vn))) return { allowed: true, reason: 'purchase', unlockingVersions: [] };
    if (offering.some((v) => v.vnjson.some((m) => m.id === moduleId && m.free))) return { allowed: true, reason: 'trial', unlockingVersions: [] };
    if (trialOf(offering, moduleId)) return { allowed: true, reason: 'trial', unlockingVersions, partial: true };
    if (offering.length > 0 && offering.every((v) => hidden.has(v.vn))) return deny('hidden-by-vip');
    if (offering.some((v) => ctx.allVns.has(v.vn))) return deny('expired');
    return deny('not-purchased');
  }

  /**
   * The chapters a partial (trial) decision opens, by the rule of the versions offering the module over the
   * subject's tree, and every chapter of the subject (an unknown one is the handler's 404, not a buy prompt).
   */
  async function trialOpen(ctx: Context, appId: number, moduleId: string): Promise<{ open: ReadonlySet<number>; known: ReadonlySet<number> }> {
    const rule = trialOf(ctx.versions, moduleId);
    const tree = await chapters(appId);
    return { open: rule ? trialChapters(tree, rule) : new Set(), known: new Set(tree.map((c) => c.id)) };
  }

  /**
   * The one entitlement decision (docs/entitlement.md). Every content call asks it before anything leaves
   * the server. Order: unknown subject → free item → guest → a valid purchase whose version has the module →
   * a free (trial) module → otherwise denied: hidden-by-vip, expired or not-purchased.
   */
  async function decide(userId: number | null, appId: number, target: Target): Promise<Decision> {
    const ctx = await contextOf(userId, appId);
    const { partial, ...d } = judge(ctx, userId, target);
    const chapter = 'contentItem' in target ? target.contentItem.chapter : undefined;
    if (!partial) return d;
    if (chapter === undefined) return { ...d, unlockingVersions: [] };
    const { open, known } = await trialOpen(ctx, appId, 'contentItem' in target ? target.contentItem.moduleId : target.moduleId);
    if (open.has(chapter) || !known.has(chapter)) return { ...d, unlockingVersions: [] };
    return { allowed: false, reason: 'beyond-trial', unlockingVersions: d.unlockingVersions };
  }

  /**
   * The chapters of `moduleId` the learner may open, for lists that must leave the others out (the chapter
   * menu, search, 易错题): all of them with a purchase or a free module, the trial rule's chapters otherwise.
   * Call it behind the module's gate: a learner denied the module gets an empty set.
   */
  async function chapterAccess(userId: number, appId: number, moduleId: string): Promise<ChapterAccess> {
    const ctx = await contextOf(userId, appId);
    const d = judge(ctx, userId, { moduleId });
    if (d.allowed && !d.partial) return { all: true };
    return { all: false, open: d.allowed ? (await trialOpen(ctx, appId, moduleId)).open : new Set(), unlocking: d.unlockingVersions };
  }

  /** The same decision for several targets of one subject, loading the subject and purchases once (the home grid). */
  async function decideAll(userId: number | null, appId: number, targets: Target[]): Promise<Decision[]> {
    const ctx = await contextOf(userId, appId);
    return targets.map((t) => {
      const { partial, ...d } = judge(ctx, userId, t);
      return partial ? { ...d, unlockingVersions: [] } : d;
    });
  }

  /**
   * The one entitlement gate: the registrar runs it for every call whose contract definition has a module `gate`
   * (items named by id go through `itemAccess`). Unknown subject → 404 `unknown`; denied (and none of `anyOf`
   * held) → 403 '开通以下任一班次可使用该功能' with the versions that open the target's module.
   */
  async function gate(userId: number | null, appId: number, target: GateTarget, unknown: string = CATALOG_MSG.unknownSubject): Promise<void> {
    const item = target.free || target.chapter !== undefined;
    const d = await decide(userId, appId, item ? { contentItem: { moduleId: target.module, free: target.free, chapter: target.chapter } } : { moduleId: target.module });
    if (d.reason === 'unknown-subject') throw notFound(unknown);
    if (
      d.allowed ||
      (target.anyOf?.length &&
        (
          await decideAll(
            userId,
            appId,
            target.anyOf.map((moduleId) => ({ moduleId })),
          )
        ).some((o) => o.allowed))
    )
      return;
    throw buyPrompt(d.unlockingVersions);
  }

  /**
   * The item policy (docs/entitlement.md, "Item policies"): the registrar asks it for every item a call's contract
   * gate names, once the item's module has loaded it (and the live room's socket, for its session). A key of the
   * item (a host link) → all of it; unknown subject → 404 (the item's `unknown`, else the call's); a free item, or
   * the module held (a trial: the item's chapter open by the chapter-open rule), or one of `anyOf` → all of it;
   * otherwise its preview when it has one, else 403 with the versions that open `module`.
   */
  async function itemAccess(userId: number | null, item: ItemFacts, unknown: string = CATALOG_MSG.unknownSubject): Promise<ItemAccess> {
    const full: ItemAccess = { full: true, previewSeconds: 0, unlocking: [] };
    if (item.granted) return full;
    const ctx = await contextOf(userId, item.appId);
    const d = judge(ctx, userId, { moduleId: item.module });
    if (d.reason === 'unknown-subject') throw notFound(item.unknown ?? unknown);
    if (item.free) return full;
    if (d.allowed && (!d.partial || item.chapter === undefined)) return full;
    if (item.anyOf?.some((moduleId) => judge(ctx, userId, { moduleId }).allowed)) return full;
    if (d.allowed && chapterOpen({ all: false, open: (await trialOpen(ctx, item.appId, item.module)).open, unlocking: [] }, item.chapter ?? null)) return full;
    if ((item.previewSeconds ?? 0) > 0) return { full: false, previewSeconds: item.previewSeconds!, unlocking: d.unlockingVersions };
    throw buyPrompt(d.unlockingVersions);
  }

  const userKey = (userId: number) => `code:user:${userId}`;
  const ipKey = (ip: string) => `code:ip:${limitIp(ip)}`;

  /** Redeem an activation code for `userId` on subject `appId` (docs/catalog.md). */
  async function redeem(userId: number, appId: number, code: string, ip: string): Promise<VipAppRecord> {
    const [byUser, byIp] = await Promise.all([limiter.peek(userKey(userId)), limiter.peek(ipKey(ip))]);
    if (byUser.count >= CODE_GUESS_LIMIT.perUser || byIp.count >= CODE_GUESS_LIMIT.perIp) throw tooMany(CATALOG_MSG.codeTooMany);
    const fail = async (error: Error) => {
      await Promise.all([limiter.hit(userKey(userId), CODE_GUESS_LIMIT.windowMs), limiter.hit(ipKey(ip), CODE_GUESS_LIMIT.windowMs)]);
      return error;
    };

    const now = clock();
    const codeHash = hashCode(code);
    const row = await store.code(codeHash);
    // Body status 400 for every refusal a learner must read: the client's catalogue only logs 403/404 (spec §8).
    // Only a code that does not exist is a guess: a used, expired or other-subject code (or a lost race for a
    // valid one) was really handed out, so it counts against nobody.
    if (!row) throw await fail(badInput(CATALOG_MSG.codeUnknown));
    if (row.usedAt) throw badInput(CATALOG_MSG.codeUsed);
    if (row.expiresAt.getTime() <= now) throw badInput(CATALOG_MSG.codeExpired);
    if (row.appId !== appId) throw badInput(CATALOG_MSG.codeWrongSubject);

    const versions = await catalog.versions(row.appId);
    const version = versions.find((v) => v.vn === row.vn);
    if (!version) throw notFound(CATALOG_MSG.unknownVersion);
    const purchase = await store.redeem(
      codeHash,
      { userId, appId: row.appId, vn: row.vn, vnOrder: version.vnorder, endTime: new Date(now + row.validityDays * DAY), source: 'code', at: new Date(now) },
      `AppID=${row.appId} vn=${row.vn} source=code`,
    );
    // Lost the race to a parallel redemption of the same code.
    if (!purchase) throw badInput(CATALOG_MSG.codeUsed);
    // Open on this process at once; the database's notification tells the others.
    bus.local({ kind: 'purchase', userId });
    return toVipApp(purchase, versions);
  }

  return { decide, decideAll, chapterAccess, gate, itemAccess, holdings, redeem };
}

export type EntitlementService = ReturnType<typeof createEntitlementService>;
