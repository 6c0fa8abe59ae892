import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, READING_MSG, knowledgeCalls as k, readingCalls as r } from '@kaoshi/contract';
import { readingItems, readingMarks, shorthandCards } from '../../db/schema/index.ts';
import { createTestApp, nextPhone, type TestApp } from '../../test/helpers.ts';
import { runReports } from '../../cli/reports.ts';
import { importReading } from './importer.ts';
import { APP, cardId, goodFolder, HANDOUT_JX, itemId, pointId, readingFolder, TINY_PDF } from './reading-setup.ts';
import { READING_REPORTS_PER_HOUR } from './service.ts';

let t: TestApp;
let trial: { guid: string; userID: number };
let vip: { guid: string; userID: number };
const at = () => t.clock.now;

beforeAll(async () => {
  t = await createTestApp();
  const result = await importReading(t.db, APP, goodFolder(), new Date(t.clock.now));
  expect(result).toMatchObject({ ok: true, items: 5, points: 2, cards: 3, notes: 3, hotspots: 2, files: 1 });
  t.forgetCaches();
  trial = await t.register(nextPhone());
  vip = await t.register(nextPhone());
  await t.grant(vip.userID, APP, { vn: '2', vnOrder: 2 });
});
afterAll(() => t.close());

describe('the reading import', () => {
  it('lists every problem of a broken folder with its file, and writes nothing', async () => {
    const before = await t.db.select().from(readingItems).where(eq(readingItems.appId, APP));
    const dir = readingFolder({
      'handouts/yx1-jx.md': '## 没有 front matter\n',
      'handouts/nope.md': '---\ntitle: 不存在的章节\n---\n## 一 {#a}\n正文\n',
      'handouts/yx2-kgr.md': '---\ntitle: 重复锚点\npdf: missing.pdf\n---\n',
      'handouts/fg-yp.md': '---\ntitle: 坏 PDF\npdf: bad.pdf\n---\n',
      'handouts/bad.pdf': 'not a pdf',
      'theory/yx1-yd/01.md': '---\ntitle: \n---\n',
      'points/a.yaml': 'ys-kp-gy:\n  weight: 9\n  handout: "yx1-jx#nowhere"\nno-such-point:\n  summary: x\n',
      'cards/a.yaml': '- key: dup\n  point: ys-kp-gy\n  front: a\n  back: b\n- key: dup\n  point: nope\n  front: a\n  back: b\n- key: Bad Key\n  point: ys-kp-gy\n',
      'daily/1.md': '---\ntitle: 一\nday: 2026-11-20\n---\n正文\n',
      'daily/2.md': '---\ntitle: 二\nday: 2026-11-20\n---\n正文\n',
      'daily/3.md': '---\ntitle: 三\nday: tomorrow\n---\n正文\n',
      'hotspots.yaml': 'hotspots:\n  - point: nope\n    reason: x\n',
    });
    const result = await importReading(t.db, APP, dir, new Date(t.clock.now));
    expect(result.ok).toBe(false);
    const lines = result.ok ? [] : result.problems.map((p) => `${p.file}: ${p.message}`);
    for (const expected of [
      'handouts/yx1-jx.md: missing front matter',
      'handouts/nope.md: no chapter "nope" in the bank',
      'handouts/yx2-kgr.md: no PDF handouts/missing.pdf',
      'handouts/fg-yp.md: handouts/bad.pdf is not a complete PDF file',
      'theory/yx1-yd/01.md: title is missing',
      'points/a.yaml: weight must be 1 to 5',
      'points/a.yaml: no knowledge point "no-such-point" in the bank',
      'cards/a.yaml: the card key is used twice',
      'cards/a.yaml: no knowledge point "nope" in the bank',
      'cards/a.yaml: key must be lowercase letters, digits and -',
      'cards/a.yaml: point, front and back are required',
      'daily/2.md: 2026-11-20 already has daily/1.md',
      'daily/3.md: needs day: YYYY-MM-DD or offsetDays: <whole number>',
      'hotspots.yaml: no knowledge point "nope" in the bank',
    ])
      expect(
        lines.some((l) => l.startsWith(expected)),
        `${expected}\n${lines.join('\n')}`,
      ).toBe(true);
    expect(await t.db.select().from(readingItems).where(eq(readingItems.appId, APP))).toEqual(before);
  });
});

describe('handouts, theory and the pocket book', () => {
  it('lists the chapters with what a trial learner may open, and the versions that open the rest', async () => {
    const body = await t.call(r.readingCatalog, { guid: trial.guid, appID: APP, kind: 'handout' });
    expect(body.status, body.msg).toBe(200);
    const byName = Object.fromEntries(body.data.list.map((c: { name: string }) => [c.name, c]));
    expect(byName['药物剂型与制剂']).toMatchObject({ open: true, items: [{ title: '药物剂型与制剂', format: 'md', position: null }] });
    expect(byName['抗感染药物']).toMatchObject({ open: false });
    expect(byName['药学专业知识（一）']).toMatchObject({ items: [] });
    expect(body.data.unlocking.map((v: { vn: string }) => v.vn)).toEqual(expect.arrayContaining(['2', '3']));
    const theory = await t.call(r.readingCatalog, { guid: trial.guid, appID: APP, kind: 'theory' });
    expect(theory.data.list.flatMap((c: { items: { title: string }[] }) => c.items.map((i) => i.title))).toEqual(['药物代谢的两相反应']);
    const pocket = await t.call(r.pocketMenu, { guid: trial.guid, appID: APP });
    // A page of a whole part opens only when all of the part does (the trial rule opens its first chapter).
    expect(pocket.data.list.find((c: { name: string }) => c.name === '药学专业知识（一）')).toMatchObject({ open: false });
    const bought = await t.call(r.pocketMenu, { guid: vip.guid, appID: APP });
    expect(bought.data.list.find((c: { name: string }) => c.name === '药学专业知识（一）')).toMatchObject({ open: true });
  });

  it('opens an open chapter, refuses a locked one with the versions, and opens it after buying', async () => {
    const open = await t.call(r.readingContent, { guid: trial.guid, appID: APP, kind: 'handout', id: await itemId(t, 'handout', 'yx1-jx') });
    expect(open.status, open.msg).toBe(200);
    expect(open.data).toMatchObject({ title: '药物剂型与制剂', format: 'md', pdfUrl: null, marks: [], position: null });
    expect(open.data.sections).toEqual([
      { anchor: 'gy', heading: '给药途径' },
      { anchor: 'fl', heading: '辅料' },
    ]);
    expect(open.data.body).toContain('【首过效应】');
    const id = await itemId(t, 'handout', 'yx2-kgr');
    const locked = await t.call(r.readingContent, { guid: trial.guid, appID: APP, kind: 'handout', id });
    expect(locked).toMatchObject({ status: 403, msg: MSG.buyAny });
    expect(locked.data.unlocking.map((v: { vn: string }) => v.vn)).toContain('2');
    const bought = await t.call(r.readingContent, { guid: vip.guid, appID: APP, kind: 'handout', id });
    expect(bought.status).toBe(200);
    // The wrong kind or another subject's id is unknown.
    expect((await t.call(r.readingContent, { guid: vip.guid, appID: APP, kind: 'theory', id })).status).toBe(404);
    expect((await t.call(r.readingContent, { guid: vip.guid, appID: 1001, kind: 'handout', id })).status).toBe(404);
    expect((await t.call(r.readingCatalog, { appID: APP, kind: 'handout' })).status).toBe(401);
  });

  it('serves a PDF handout only through its signed link', async () => {
    const body = await t.call(r.readingContent, { guid: trial.guid, appID: APP, kind: 'handout', id: await itemId(t, 'handout', 'fg-yp') });
    expect(body.data).toMatchObject({ format: 'pdf' });
    const url = body.data.pdfUrl as string;
    const ok = await t.app.inject({ method: 'GET', url });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('application/pdf');
    expect(ok.body).toBe(TINY_PDF);
    const tampered = url.replace(/\/media\/r\/(\d+)\//, (_, n: string) => `/media/r/${Number(n) + 1}/`);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: url.replace(/\.([A-Za-z0-9_-]+)\/handout/, '.AAAA/handout') })).statusCode).toBe(403);
    t.clock.advance(2 * 3600_000);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
  });
});

describe('reading position and marks', () => {
  it('keeps the newest position (an older replay changes nothing) and offers it to continue', async () => {
    const id = await itemId(t, 'handout', 'yx1-jx');
    const save = (percent: number, when: number) => t.call(r.savePosition, { guid: trial.guid, appID: APP, id, anchor: 'fl', percent, at: when });
    expect((await save(60, at())).data.position).toMatchObject({ anchor: 'fl', percent: 60 });
    expect((await save(20, at() - 5000)).data.position).toMatchObject({ percent: 60 });
    const list = await t.call(r.readingCatalog, { guid: trial.guid, appID: APP, kind: 'handout' });
    expect(list.data.last).toMatchObject({ id, title: '药物剂型与制剂', position: { anchor: 'fl', percent: 60 } });
    const locked = await itemId(t, 'handout', 'yx2-kgr');
    expect((await t.call(r.savePosition, { guid: trial.guid, appID: APP, id: locked, percent: 5, at: at() })).status).toBe(403);
  });

  it('continues the page saved last by the client, even when the outbox sends its save before an older one of another page', async () => {
    const learner = await t.register(nextPhone());
    await t.grant(learner.userID, APP, { vn: '2', vnOrder: 2 });
    const [a, b] = [await itemId(t, 'handout', 'yx1-jx'), await itemId(t, 'handout', 'yx2-kgr')];
    const save = (id: number, percent: number, when: number) => t.call(r.savePosition, { guid: learner.guid, appID: APP, id, anchor: '', percent, at: when });
    // Read b, then a to the end; the outbox sends a's save first.
    await save(a, 100, at() + 2000);
    t.clock.advance(1000);
    await save(b, 30, at() - 1000);
    const list = await t.call(r.readingCatalog, { guid: learner.guid, appID: APP, kind: 'handout' });
    expect(list.data.last).toMatchObject({ id: a, position: { percent: 100 } });
  });

  it('saves a highlight with its note once per clientId, shows it only to its writer, and removes it', async () => {
    const id = await itemId(t, 'handout', 'yx1-jx');
    const mark = {
      guid: trial.guid,
      appID: APP,
      id,
      clientId: 'mark-0001-abcd',
      anchor: 'gy',
      quote: '首过效应',
      prefix: '口服给药存在',
      suffix: '，舌下给药',
      note: '必考',
      color: 'yellow',
      at: at(),
    };
    expect((await t.call(r.saveMark, mark)).data.mark).toMatchObject({ quote: '首过效应', note: '必考' });
    await t.call(r.saveMark, { ...mark, note: '必考！', at: at() + 1 });
    await t.call(r.saveMark, { ...mark, note: '旧的重放', at: at() - 1 });
    const mine = await t.call(r.readingContent, { guid: trial.guid, appID: APP, kind: 'handout', id });
    expect(mine.data.marks).toEqual([expect.objectContaining({ clientId: 'mark-0001-abcd', note: '必考！', color: 'yellow' })]);
    const other = await t.call(r.readingContent, { guid: vip.guid, appID: APP, kind: 'handout', id });
    expect(other.data.marks).toEqual([]);
    // The same clientId on another item is not moved there.
    const pdf = await itemId(t, 'handout', 'fg-yp');
    expect((await t.call(r.saveMark, { ...mark, id: pdf })).status).toBe(404);
    expect((await t.call(r.deleteMark, { guid: vip.guid, appID: APP, clientId: 'mark-0001-abcd' })).data.removed).toBe(false);
    expect((await t.call(r.deleteMark, { guid: trial.guid, appID: APP, clientId: 'mark-0001-abcd' })).data.removed).toBe(true);
    expect((await t.call(r.readingContent, { guid: trial.guid, appID: APP, kind: 'handout', id })).data.marks).toEqual([]);
    expect((await t.call(r.saveMark, { ...mark, quote: '' })).status).toBe(400);
  });

  it('a re-import with edited text keeps positions, marks and card schedules; a page left out is hidden, not deleted', async () => {
    const id = await itemId(t, 'handout', 'yx1-jx');
    const mark = { guid: vip.guid, appID: APP, id, clientId: 'mark-0002-abcd', anchor: 'gy', quote: '舌下给药可以避开', color: 'green', at: at() };
    await t.call(r.saveMark, mark);
    await t.call(r.savePosition, { guid: vip.guid, appID: APP, id, anchor: 'gy', percent: 30, at: at() });
    const card = await cardId(t, 'gy-1');
    await t.call(k.shorthandGrade, { guid: vip.guid, appID: APP, cardID: card, grade: 'know', reviewID: 'review-0001-x', at: at() });
    const edited = HANDOUT_JX.replace('口服给药存在', '口服给药时药物经肝脏，存在');
    const without = goodFolder({ 'handouts/yx1-jx.md': edited });
    const res = await importReading(t.db, APP, without, new Date(t.clock.now));
    expect(res.ok).toBe(true);
    t.forgetCaches();
    expect(await itemId(t, 'handout', 'yx1-jx')).toBe(id);
    const again = await t.call(r.readingContent, { guid: vip.guid, appID: APP, kind: 'handout', id });
    expect(again.data.body).toContain('经肝脏');
    expect(again.data.marks).toEqual([expect.objectContaining({ clientId: 'mark-0002-abcd', quote: '舌下给药可以避开' })]);
    expect(again.data.position).toMatchObject({ anchor: 'gy', percent: 30 });
    const cards = await t.call(k.shorthandCards, { guid: vip.guid, appID: APP, pointID: await pointId(t, 'ys-kp-gy') });
    expect(cards.data.cards.find((c: { id: number }) => c.id === card).state).toMatchObject({ reps: 1 });
    // Leave the theory article and a card out: hidden, the learner's rows stay.
    const smaller = goodFolder();
    rmSync(`${smaller}/theory`, { recursive: true });
    expect((await importReading(t.db, APP, smaller, new Date(t.clock.now))).ok).toBe(true);
    t.forgetCaches();
    const theory = await t.call(r.readingCatalog, { guid: vip.guid, appID: APP, kind: 'theory' });
    expect(theory.data.list).toEqual([]);
    expect((await t.db.select().from(readingItems).where(eq(readingItems.key, 'yx1-yd/01-dx')))[0]).toMatchObject({ hidden: true });
    expect(await t.db.select().from(readingMarks).where(eq(readingMarks.clientId, 'mark-0002-abcd'))).toHaveLength(1);
    expect(await t.db.select().from(shorthandCards).where(eq(shorthandCards.id, card))).toEqual([expect.objectContaining({ hidden: false })]);
    expect((await importReading(t.db, APP, goodFolder(), new Date(t.clock.now))).ok).toBe(true);
    t.forgetCaches();
  });
});

describe('/knowledgeFeedback', () => {
  it('files a report on an item of the subject, refuses an unknown one, and limits them per hour', async () => {
    const learner = await t.register(nextPhone());
    const id = await itemId(t, 'handout', 'yx1-jx');
    const ok = await t.call(r.readingFeedback, { guid: learner.guid, appID: APP, target: 'handout', targetID: id, kinds: '内容错误,错别字', content: '第二段有错字' });
    expect(ok).toMatchObject({ status: 200, data: { msg: READING_MSG.reported } });
    expect((await t.call(r.readingFeedback, { guid: learner.guid, appID: APP, target: 'card', targetID: 999_999, kinds: '其他' })).status).toBe(404);
    expect((await t.call(r.readingFeedback, { guid: learner.guid, appID: APP, target: 'handout', targetID: id, kinds: '乱写' })).status).toBe(400);
    for (let i = 1; i < READING_REPORTS_PER_HOUR; i++) await t.call(r.readingFeedback, { guid: learner.guid, appID: APP, target: 'handout', targetID: id, kinds: '其他' });
    expect((await t.call(r.readingFeedback, { guid: learner.guid, appID: APP, target: 'handout', targetID: id, kinds: '其他' })).status).toBe(429);

    // Operators list them with what they are about, and resolve one with a reply.
    const out: string[] = [];
    expect(
      await runReports(
        t.db,
        ['--reading', '--app', String(APP)],
        (l) => out.push(l),
        (l) => out.push(l),
      ),
    ).toBe(0);
    expect(out).toContain(
      `#${ok.data.id}  ${out.find((l) => l.startsWith(`#${ok.data.id} `))!.slice(`#${ok.data.id}  `.length, `#${ok.data.id}  `.length + 16)}  ${APP}  讲义「药物剂型与制剂」(#${id})  open`,
    );
    expect(out).toContain('  类型: 内容错误、错别字');
    expect(out).toContain('  描述: 第二段有错字');
    const done: string[] = [];
    expect(
      await runReports(
        t.db,
        ['--reading', '--resolve', String(ok.data.id), '--reply', '已更正'],
        (l) => done.push(l),
        (l) => done.push(l),
      ),
    ).toBe(0);
    expect(done).toEqual([`reading report #${ok.data.id} resolved`]);
    expect(
      await runReports(
        t.db,
        ['--reading', '--video'],
        () => undefined,
        (l) => done.push(l),
      ),
    ).toBe(2);
  });
});
