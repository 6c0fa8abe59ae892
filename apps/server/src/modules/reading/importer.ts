import { and, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Database } from '../../db/index.ts';
import { dailyNotes, hotspots, pointDetails, readingFiles, readingItems, shorthandCards } from '../../db/schema/index.ts';
import { chapterCodes, livePointChapterCounts, pointList } from '../questions/index.ts';
import { addDays, chinaDay } from '../../platform/china-time.ts';
import { contentHash, readReadingFolder, type ReadingBundle, type ReadingProblem } from './parse.ts';

/** `set` of an upsert taking every listed column from the proposed row (one statement for many rows). */
const fromExcluded = <T extends Record<string, { name: string }>>(cols: T) =>
  Object.fromEntries(Object.entries(cols).map(([k, c]) => [k, sql.raw(`excluded."${c.name}"`)])) as { [K in keyof T]: SQL };

export type ReadingImport =
  { ok: true; appId: number; items: number; points: number; cards: number; notes: number; hotspots: number; files: number } | { ok: false; problems: ReadingProblem[] };

/** The bank's codes a reading folder refers to, and each point's chapter (where most of its questions are). */
async function bankOf(db: Database, appId: number) {
  const cpts = await chapterCodes(db, appId);
  const pts = await pointList(db, appId);
  const counts = await livePointChapterCounts(db, appId);
  const chapterOfPoint = new Map<number, { chapterId: number; n: number }>();
  for (const c of counts) {
    const best = chapterOfPoint.get(c.pointId);
    if (!best || c.n > best.n || (c.n === best.n && c.chapterId < best.chapterId)) chapterOfPoint.set(c.pointId, { chapterId: c.chapterId, n: c.n });
  }
  return { chapters: cpts, points: new Map(pts.map((p) => [p.code, p.id])), chapterOfPoint };
}

/** Checks the bundle against the bank; every problem listed. */
function crossCheck(b: ReadingBundle, bank: Awaited<ReturnType<typeof bankOf>>, today: string): ReadingProblem[] {
  const problems: ReadingProblem[] = [];
  for (const i of b.items) if (!bank.chapters.has(i.chapter)) problems.push({ file: i.file, at: 'file name', message: `no chapter "${i.chapter}" in the bank` });
  const handouts = new Map(b.items.filter((i) => i.kind === 'handout').map((i) => [i.chapter, i]));
  const seenPoints = new Set<string>();
  for (const p of b.points) {
    if (!bank.points.has(p.code)) problems.push({ file: p.file, at: p.code, message: `no knowledge point "${p.code}" in the bank` });
    if (seenPoints.has(p.code)) problems.push({ file: p.file, at: p.code, message: 'the point is described twice' });
    seenPoints.add(p.code);
    if (p.handout) {
      const h = handouts.get(p.handout.chapter);
      if (!h) problems.push({ file: p.file, at: p.code, message: `no handout of chapter "${p.handout.chapter}"` });
      else if (!h.sections.some((s) => s.anchor === p.handout!.anchor))
        problems.push({ file: p.file, at: p.code, message: `handouts/${p.handout.chapter}.md has no section #${p.handout.anchor}` });
    }
  }
  const keys = new Set<string>();
  for (const c of b.cards) {
    if (keys.has(c.key)) problems.push({ file: c.file, at: c.key, message: 'the card key is used twice' });
    keys.add(c.key);
    if (c.point && !bank.points.has(c.point)) problems.push({ file: c.file, at: c.key, message: `no knowledge point "${c.point}" in the bank` });
  }
  const days = new Map<string, string>();
  for (const n of b.notes) {
    const day = dayOf(n.day, today);
    const other = days.get(day);
    if (other) problems.push({ file: n.file, at: 'day', message: `${day} already has ${other}` });
    days.set(day, n.file);
  }
  const hot = new Set<string>();
  for (const h of b.hotspots.list) {
    if (!bank.points.has(h.point)) problems.push({ file: 'hotspots.yaml', at: h.point || '(empty)', message: `no knowledge point "${h.point}" in the bank` });
    if (hot.has(h.point)) problems.push({ file: 'hotspots.yaml', at: h.point, message: 'the point is listed twice' });
    hot.add(h.point);
  }
  return problems;
}

function dayOf(day: string | { offsetDays: number }, today: string): string {
  return typeof day === 'string' ? day : addDays(today, day.offsetDays);
}

/**
 * Imports a subject's reading folder (docs/reading.md) after its question bank: validated all or nothing, then
 * written in one transaction, rows updated in place by their keys; what the folder leaves out is hidden, so
 * learners' positions, marks and card schedules survive a re-import.
 */
export async function importReading(db: Database, appId: number, dir: string, now: Date): Promise<ReadingImport> {
  const { bundle, problems } = readReadingFolder(dir);
  const today = chinaDay(now.getTime());
  const bank = await bankOf(db, appId);
  problems.push(...crossCheck(bundle, bank, today));
  if (problems.length > 0) return { ok: false, problems };

  await db.transaction(async (tx) => {
    const itemRows = bundle.items.map((i) => ({
      appId,
      kind: i.kind,
      key: i.key,
      chapterId: bank.chapters.get(i.chapter)!,
      title: i.title,
      format: i.pdf ? ('pdf' as const) : ('md' as const),
      body: i.body,
      sections: i.sections,
      pdf: i.pdf,
      ordinal: i.ordinal,
      version: contentHash(i.title, i.body, i.pdf ? createHash('sha256').update(bundle.files.get(i.pdf)!).digest('hex') : ''),
      hidden: false,
      updatedAt: now,
    }));
    const r = readingItems;
    if (itemRows.length)
      await tx
        .insert(r)
        .values(itemRows)
        .onConflictDoUpdate({
          target: [r.appId, r.kind, r.key],
          set: fromExcluded({
            chapterId: r.chapterId,
            title: r.title,
            format: r.format,
            body: r.body,
            sections: r.sections,
            pdf: r.pdf,
            ordinal: r.ordinal,
            version: r.version,
            hidden: r.hidden,
            updatedAt: r.updatedAt,
          }),
          // An unchanged page keeps its updated_at (and writes nothing).
          setWhere: sql`${r.version} <> excluded.version or ${r.hidden} or ${r.ordinal} <> excluded.ordinal or ${r.chapterId} <> excluded.chapter_id`,
        });
    const all = await tx.select({ id: r.id, kind: r.kind, key: r.key }).from(r).where(eq(r.appId, appId));
    const wanted = new Set(itemRows.map((i) => `${i.kind}:${i.key}`));
    const itemIds = new Map(all.filter((i) => wanted.has(`${i.kind}:${i.key}`)).map((i) => [`${i.kind}:${i.key}`, i.id]));
    const kept = [...itemIds.values()];
    await tx
      .update(readingItems)
      .set({ hidden: true })
      .where(and(eq(readingItems.appId, appId), kept.length ? notInArray(readingItems.id, kept) : sql`true`));

    const names = [...bundle.files.keys()];
    await tx.delete(readingFiles).where(and(eq(readingFiles.appId, appId), names.length ? notInArray(readingFiles.name, names) : sql`true`));
    for (const [name, bytes] of bundle.files) {
      const values = { bytes: bytes.toString('base64'), sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
      await tx
        .insert(readingFiles)
        .values({ appId, name, ...values })
        .onConflictDoUpdate({ target: [readingFiles.appId, readingFiles.name], set: values });
    }

    const described = new Map(bundle.points.map((p) => [p.code, p]));
    const pointRows = [...bank.points].map(([code, pointId]) => {
      const p = described.get(code);
      return {
        pointId,
        appId,
        summary: p?.summary ?? '',
        weight: p?.weight ?? 3,
        hot: p?.hot ?? false,
        chapterId: bank.chapterOfPoint.get(pointId)?.chapterId ?? null,
        handoutId: p?.handout ? (itemIds.get(`handout:${p.handout.chapter}`) ?? null) : null,
        handoutAnchor: p?.handout?.anchor ?? '',
      };
    });
    const d = pointDetails;
    if (pointRows.length)
      await tx
        .insert(d)
        .values(pointRows)
        .onConflictDoUpdate({
          target: d.pointId,
          set: fromExcluded({ summary: d.summary, weight: d.weight, hot: d.hot, chapterId: d.chapterId, handoutId: d.handoutId, handoutAnchor: d.handoutAnchor }),
        });

    const cardKeys = bundle.cards.map((c) => c.key);
    const c = shorthandCards;
    if (bundle.cards.length)
      await tx
        .insert(c)
        .values(
          bundle.cards.map((k, ordinal) => ({ appId, key: k.key, pointId: bank.points.get(k.point)!, front: k.front, back: k.back, mnemonic: k.mnemonic, ordinal, hidden: false })),
        )
        .onConflictDoUpdate({
          target: [c.appId, c.key],
          set: fromExcluded({ pointId: c.pointId, front: c.front, back: c.back, mnemonic: c.mnemonic, ordinal: c.ordinal, hidden: c.hidden }),
        });
    await tx
      .update(shorthandCards)
      .set({ hidden: true })
      .where(and(eq(shorthandCards.appId, appId), cardKeys.length ? notInArray(shorthandCards.key, cardKeys) : sql`true`));

    const noteKeys = bundle.notes.map((n) => n.key);
    const n = dailyNotes;
    if (bundle.notes.length)
      await tx
        .insert(n)
        .values(bundle.notes.map((x) => ({ appId, key: x.key, day: dayOf(x.day, today), title: x.title, body: x.body, hidden: false })))
        .onConflictDoUpdate({ target: [n.appId, n.key], set: fromExcluded({ day: n.day, title: n.title, body: n.body, hidden: n.hidden }) });
    await tx
      .update(dailyNotes)
      .set({ hidden: true })
      .where(and(eq(dailyNotes.appId, appId), noteKeys.length ? notInArray(dailyNotes.key, noteKeys) : sql`true`));

    await tx.delete(hotspots).where(eq(hotspots.appId, appId));
    const year = bundle.hotspots.year ?? Number(today.slice(0, 4));
    if (bundle.hotspots.list.length > 0)
      await tx.insert(hotspots).values(bundle.hotspots.list.map((h, i) => ({ appId, year, rank: i + 1, pointId: bank.points.get(h.point)!, reason: h.reason })));
  });
  return {
    ok: true,
    appId,
    items: bundle.items.length,
    points: bundle.points.length,
    cards: bundle.cards.length,
    notes: bundle.notes.length,
    hotspots: bundle.hotspots.list.length,
    files: bundle.files.size,
  };
}

/** One line per problem, as the question importer prints them. */
export const readingProblemLines = (problems: ReadingProblem[], base = 'reading') => problems.map((p) => `${base}/${p.file} (${p.at}): ${p.message}`);

export const readingSummary = (r: Extract<ReadingImport, { ok: true }>) =>
  `${r.appId}: reading — ${r.items} pages, ${r.points} points described, ${r.cards} cards, ${r.notes} daily notes, ${r.hotspots} hot points, ${r.files} PDF(s)`;
