import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { chapters, knowledgePoints, readingItems, shorthandCards } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/helpers.ts';

/** The test subject (执业药师): yx1-jx is the first chapter of its part (open to a trial learner), yx2-kgr is not. */
export const APP = 2001;

/** A minimal complete PDF (one empty page): enough for the importer's checks and the delivery route. */
export const TINY_PDF = [
  '%PDF-1.4',
  '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
  '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
  '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
  'trailer << /Root 1 0 R >>',
  '%%EOF',
  '',
].join('\n');

export const HANDOUT_JX = `---
title: 药物剂型与制剂
---
## 给药途径 {#gy}
口服给药存在【首过效应】，舌下给药可以避开。

## 辅料 {#fl}
表面活性剂按离子类型分为阴离子型、阳离子型、两性离子型和非离子型。
`;

/** Writes a reading folder: `files` maps a path inside it to its text (or bytes). */
export function readingFolder(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'reading-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

/** A good folder for subject 2001 (every kind of content). */
export const goodFolder = (over: Record<string, string | Buffer> = {}) =>
  readingFolder({
    'handouts/yx1-jx.md': HANDOUT_JX,
    'handouts/yx2-kgr.md': '---\ntitle: 抗感染药物\n---\n## 青霉素类 {#qms}\n青霉素类使用前须做【皮试】。\n',
    'handouts/fg-yp.md': '---\ntitle: 药品管理法律制度\npdf: fg-yp.pdf\n---\n',
    'handouts/fg-yp.pdf': TINY_PDF,
    'theory/yx1-yd/01-dx.md': '---\ntitle: 药物代谢的两相反应\n---\n## 第一相\n氧化、还原、水解。\n',
    'pocket/yx1.md': '---\ntitle: 药学专业知识（一）\n---\n- 舌下给药避开首过效应\n',
    'points/main.yaml': 'ys-kp-gy:\n  summary: 口服有【首过效应】。\n  weight: 5\n  hot: true\n  handout: "yx1-jx#gy"\nys-kp-kjs:\n  summary: 抗菌药物分级管理。\n  weight: 4\n',
    'cards/main.yaml':
      '- key: gy-1\n  point: ys-kp-gy\n  front: 哪种给药途径避开首过效应？\n  back: 【舌下给药】\n  mnemonic: 舌下直入血\n- key: gy-2\n  point: ys-kp-gy\n  front: 首过效应发生在哪里？\n  back: 【肝脏】与胃肠道\n- key: kjs-1\n  point: ys-kp-kjs\n  front: 青霉素使用前要做什么？\n  back: 【皮试】\n',
    'daily/001.md': '---\ntitle: 昨天的一记\noffsetDays: -1\n---\n昨天的内容。\n',
    'daily/002.md': '---\ntitle: 今天的一记\noffsetDays: 0\n---\n今天的内容：【首过效应】。\n',
    'daily/003.md': '---\ntitle: 明天的一记\noffsetDays: 1\n---\n明天的内容。\n',
    'hotspots.yaml': 'year: 2026\nhotspots:\n  - point: ys-kp-gy\n    reason: 每年必考\n  - point: ys-kp-kjs\n    reason: 合理用药热点\n',
    ...over,
  });

export async function itemId(t: TestApp, kind: 'handout' | 'theory' | 'pocket', key: string): Promise<number> {
  const [row] = await t.db
    .select({ id: readingItems.id })
    .from(readingItems)
    .where(and(eq(readingItems.appId, APP), eq(readingItems.kind, kind), eq(readingItems.key, key)));
  if (!row) throw new Error(`no ${kind} ${key}`);
  return row.id;
}
export async function pointId(t: TestApp, code: string, appId = APP): Promise<number> {
  const [row] = await t.db
    .select({ id: knowledgePoints.id })
    .from(knowledgePoints)
    .where(and(eq(knowledgePoints.appId, appId), eq(knowledgePoints.code, code)));
  return row!.id;
}
export async function cardId(t: TestApp, key: string): Promise<number> {
  const [row] = await t.db
    .select({ id: shorthandCards.id })
    .from(shorthandCards)
    .where(and(eq(shorthandCards.appId, APP), eq(shorthandCards.key, key)));
  return row!.id;
}
export async function chapterId(t: TestApp, code: string): Promise<number> {
  const [row] = await t.db
    .select({ id: chapters.id })
    .from(chapters)
    .where(and(eq(chapters.appId, APP), eq(chapters.code, code)));
  return row!.id;
}
