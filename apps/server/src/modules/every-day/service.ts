import { EVERY_DAY_MODE, EVERY_DAY_MSG, EXAM_MSG, RANKING_CACHE_SECONDS, RANKING_TOP, type EveryDayFigures, type EveryDayPeriod, type RankingEntry } from '@kaoshi/contract';
import type { ExamSessionRow } from '../../db/schema/index.ts';
import { chinaDay, isoWeek } from '../../platform/china-time.ts';
import type { Clock } from '../../platform/clock.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import type { ExamService } from '../exam/index.ts';
import type { EveryDayStore, RankBy, RankRow } from './store.ts';

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The name a ranking shows: the nickname, else the phone (or an 11-digit login) masked as 138****0000, else
 * the login masked. Never the raw phone.
 */
export function rankName(u: { nickName: string; phone: string | null; userName: string }): string {
  const nick = u.nickName.trim();
  if (nick !== '') return nick;
  const id = (u.phone ?? '').trim() || u.userName.trim();
  if (id.length >= 7) return `${id.slice(0, 3)}****${id.slice(-4)}`;
  if (id.length >= 2) return `${id.slice(0, 1)}***${id.slice(-1)}`;
  return '学员';
}

/** The period key of a China day: the day itself, or its ISO week ('2026-W47'). */
export const periodKey = (period: EveryDayPeriod, day: string): string => (period === 'day' ? day : isoWeek(day));

const rankBy = (period: EveryDayPeriod): RankBy => (period === 'day' ? 'right' : 'score');
const periodOf = (testMode: string | null): EveryDayPeriod | null => (testMode === 'dailyMockTest' ? 'day' : testMode === 'weekTest' ? 'week' : null);

/** The figures of a handed-in attempt, from the stored result (the server's truth). */
function figuresOf(s: ExamSessionRow): EveryDayFigures {
  const r = s.result;
  const right = r?.right ?? 0;
  const wrong = r?.wrong ?? 0;
  const unanswered = r?.unanswered ?? 0;
  const n = right + wrong + unanswered;
  return {
    examHistoryID: s.id,
    correctRate: n > 0 ? round2((right / n) * 100) : 0,
    answerSeconds: r?.usedSeconds ?? 0,
    correctNumber: right,
    wrongNumber: wrong,
    doNotNumber: unanswered,
    score: s.score ?? 0,
    total: r?.total ?? s.totalScore,
    submittedAt: (s.handedAt ?? s.startedAt).toISOString(),
  };
}

/** 每日一练 / 每周一测 submissions and their ranking (docs/daily-ranking.md). */
export function createEveryDayService(deps: { store: EveryDayStore; exams: ExamService; clock: Clock }) {
  const { store, exams, clock } = deps;
  /** Top lists per (subject, mode, period key), kept RANKING_CACHE_SECONDS on the app's clock. */
  const cache = new Map<string, { at: number; rows: RankRow[] }>();
  const cacheKey = (appId: number, testMode: string, key: string) => `${appId}:${testMode}:${key}`;

  async function topRows(appId: number, testMode: string, key: string, by: RankBy): Promise<RankRow[]> {
    const k = cacheKey(appId, testMode, key);
    const hit = cache.get(k);
    const now = clock();
    if (hit && now - hit.at < RANKING_CACHE_SECONDS * 1000) return hit.rows;
    const rows = await store.top(appId, testMode, key, by, RANKING_TOP);
    // Forget stale entries now and then so days gone by do not pile up.
    if (cache.size > 500) for (const [key2, v] of cache) if (now - v.at >= RANKING_CACHE_SECONDS * 1000) cache.delete(key2);
    cache.set(k, { at: now, rows });
    return rows;
  }

  /** The live place of a counted attempt: one count of better rows, plus one. */
  async function placeOf(s: ExamSessionRow, period: EveryDayPeriod, key: string): Promise<number> {
    const f = figuresOf(s);
    const better = await store.better(s.appId, EVERY_DAY_MODE[period], key, rankBy(period), {
      id: s.id,
      right: f.correctNumber,
      score: f.score,
      usedSeconds: f.answerSeconds,
      handedAt: s.handedAt ?? s.startedAt,
    });
    return better + 1;
  }

  const dayOf = (date: string | undefined) => date ?? chinaDay(clock());

  return {
    /** The learner's state of a day or week: open session, counted attempt (with place), attempts handed in. */
    async submission(userId: number, appId: number, period: EveryDayPeriod, date: string | undefined) {
      const testMode = EVERY_DAY_MODE[period];
      const key = periodKey(period, dayOf(date));
      const [open, counted, attempts] = await Promise.all([
        store.open(userId, appId, testMode, key),
        store.counted(userId, appId, testMode, key),
        store.attempts(userId, appId, testMode, key),
      ]);
      return {
        period,
        key,
        testMode,
        session: open,
        submitted: counted ? { ...figuresOf(counted), place: await placeOf(counted, period, key) } : null,
        attempts,
      };
    },

    /**
     * Submits a daily or weekly attempt: hands the session in through the exam engine (idempotent) and
     * answers the stored figures — the client's figures are only checked for shape by the contract.
     */
    async submit(userId: number, appId: number, examHistoryID: number) {
      const s = await store.session(userId, examHistoryID);
      if (!s || s.appId !== appId) throw notFound(EXAM_MSG.unknownSession);
      const period = periodOf(s.testMode);
      if (!period || s.period === null) throw badInput(EVERY_DAY_MSG.notEveryDay);
      // One hand-in (a no-op when the screen has handed it in already), and its row: nothing read twice.
      const handed = await exams.handedRow(userId, examHistoryID);
      const testMode = EVERY_DAY_MODE[period];
      const counted = handed.counted ? handed : await store.counted(userId, appId, testMode, s.period);
      // The learner's own new place shows at once in the list too (this instance's cache).
      if (handed.counted) cache.delete(cacheKey(appId, testMode, s.period));
      return {
        ...figuresOf(handed),
        period,
        key: s.period,
        counted: handed.counted,
        place: counted ? await placeOf(counted, period, s.period) : null,
      };
    },

    /** The top list (cached per subject and period key) and the learner's own place (live). */
    async ranking(userId: number, appId: number, period: EveryDayPeriod, date: string | undefined) {
      const testMode = EVERY_DAY_MODE[period];
      const key = periodKey(period, dayOf(date));
      const [rows, total, own] = await Promise.all([topRows(appId, testMode, key, rankBy(period)), store.total(appId, testMode, key), store.counted(userId, appId, testMode, key)]);
      const entry = (
        r: { nickName: string; phone: string | null; userName: string },
        place: number,
        f: { right: number; score: number; usedSeconds: number },
        me: boolean,
      ): RankingEntry => ({
        place,
        name: rankName(r),
        correctNumber: f.right,
        score: f.score,
        answerSeconds: f.usedSeconds,
        me,
      });
      const list = rows.map((r, i) => entry(r, i + 1, r, r.userId === userId));
      let mine: RankingEntry | null = null;
      if (own) {
        const f = figuresOf(own);
        // Live, not from the cached list: the learner's attempt may be newer than the cache.
        const [place, who] = await Promise.all([placeOf(own, period, key), store.learner(userId)]);
        mine = entry(who ?? { nickName: '', phone: null, userName: '' }, place, { right: f.correctNumber, score: f.score, usedSeconds: f.answerSeconds }, true);
      }
      return { period, key, total: Math.max(total, list.length), list, mine };
    },
  };
}

export type EveryDayService = ReturnType<typeof createEveryDayService>;
