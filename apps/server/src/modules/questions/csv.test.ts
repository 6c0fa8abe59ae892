import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { importFiles, type ImportResult } from './importer.ts';
import { parseCsv } from './csv.ts';
import { createQuestionStore } from './store.ts';

const GOOD = fileURLToPath(new URL('./fixtures/good/', import.meta.url));
const csvOpts = { appId: 1002, chapters: join(GOOD, 'chapters.csv'), points: join(GOOD, 'points.csv') };
const HEADER = 'id,type,chapter,group,group_stem,stem,A,B,C,D,E,F,G,H,answer,explanation,points,difficulty,year,source';

describe('parseCsv (RFC 4180)', () => {
  it('reads quoted fields with commas, quotes and line breaks, CRLF and a BOM', () => {
    expect(parseCsv('\uFEFFa,b,c\r\n"x, y","say ""hi""","two\nlines"\r\n,,\n').rows).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'two\nlines'],
      ['', '', ''],
    ]);
    expect(parseCsv('a\n\nb').rows).toEqual([['a'], [], ['b']]);
  });

  it('refuses an unclosed quote and text after a closing quote', () => {
    expect(parseCsv('a\n"open,b\n').error).toBe('第2行：引号没有闭合');
    expect(parseCsv('"a"b,c').error).toBe('第1行：引号后面只能是逗号或换行');
  });

  it('ends records at CR too, and counts rows as the spreadsheet does (a cell with a line break is one row)', () => {
    expect(parseCsv('a,b\rc,d\r').rows).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseCsv('a\n"x\ny",z\nb"c').error).toBe('第3行：没有加引号的格子里有引号：整格加引号，格内的引号写两遍（""）');
  });
});

describe('CSV banks', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp();
    dir = mkdtempSync(join(tmpdir(), 'kaoshi-csv-'));
    cpSync(join(GOOD, 'images'), join(dir, 'images'), { recursive: true });
  });
  afterAll(() => t.close());

  const write = (name: string, lines: string[]) => {
    const p = join(dir, name);
    writeFileSync(p, `${lines.join('\r\n')}\r\n`);
    return p;
  };
  const problems = (r: ImportResult) => {
    if (r.ok) throw new Error('expected problems');
    return r.problems;
  };

  it('a CSV bank stores exactly what its JSON twin stores', async () => {
    const store = createQuestionStore(t.db);
    const fromJson = await importFiles(t.db, [join(GOOD, 'bank.json')]);
    expect(fromJson).toMatchObject({ ok: true, questions: 14, added: 14 });
    const stored = await store.questions(1002);

    const fromCsv = await importFiles(t.db, [join(GOOD, 'bank.csv')], csvOpts);
    expect(fromCsv).toMatchObject({ ok: true, questions: 14, groups: 4, chapters: 3, added: 0, updated: 0, unchanged: 14, retired: 0, images: 0 });
    expect(await store.questions(1002)).toEqual(stored);
  });

  it('reports problems as 第N行 with the column, in the file the fix goes into', async () => {
    const bank = write('bad.csv', [
      HEADER,
      'a1,A1,ch1,,,题干,甲,乙,丙,丁,,,,,F,解析,,,,',
      'a2,A1,ch1,,,题干,甲,乙,丙,丁,,,,,A,解析,,六,,',
      'b-1,B1,ch2,gb,,小题一,甲,乙,丙,丁,,,,,A,解析,,,,',
      'b-2,B1,ch2,gb,,小题二,甲,,,,,,,,B,解析,,,,',
      'c-1,A3,ch2,gc,病例,唯一的小题,甲,乙,丙,丁,,,,,A,解析,,,,',
      'x1,X,ch9,,,题干,甲,乙,丙,丁,,,,,AB,解析,K9,,,',
      'f1,FILL,ch2,g9,,题干____,,,,,,,,,答案,解析,,,,',
    ]);
    const ps = problems(await importFiles(t.db, [bank], csvOpts));
    const has = (at: string, message: RegExp) => expect(ps).toContainEqual({ file: bank, at, message: expect.stringMatching(message) });
    has('第2行 answer列', /答案 F 不在选项中/);
    has('第3行 difficulty列', /难度必须是1到5的整数/);
    has('第5行 A列', /B1型题组的共用选项写在题组第一行/);
    has('第6行 group列', /题组至少要有两道小题/);
    has('第7行 chapter列', /章节 ch9 未在 chapters 中声明/);
    has('第7行 points列', /考点 K9/);
    has('第8行 group列', /不能放在题组中/);
  });

  it('the header, the chapters table and the command line are checked too', async () => {
    const bank = write('header.csv', ['id,type,chapter,stem,answer,colour', 'a1,A1,ch1,题干,A,红']);
    const ps = problems(await importFiles(t.db, [bank], csvOpts));
    expect(ps).toContainEqual({ file: bank, at: '第1行', message: '未知的列 “colour”（第6列）' });
    expect(ps).toContainEqual({ file: bank, at: '第1行', message: '缺少列 “explanation”' });

    const chaptersCsv = write('chapters.csv', ['code,name,parent', 'ch1,内科,ch2', 'ch2,外科,ch1']);
    const loop = problems(await importFiles(t.db, [join(GOOD, 'bank.csv')], { ...csvOpts, chapters: chaptersCsv }));
    expect(loop).toContainEqual({ file: chaptersCsv, at: '第2行', message: expect.stringMatching(/循环/) });

    expect(problems(await importFiles(t.db, [join(GOOD, 'bank.csv')], { appId: 1002 }))).toEqual([
      { file: join(GOOD, 'bank.csv'), at: '(文件)', message: 'CSV 题库需要用 --chapters 指定章节表（code,name,parent）' },
    ]);
    expect(problems(await importFiles(t.db, [join(dir, 'none.json')]))[0]).toMatchObject({ message: '文件不存在或无法读取' });
  });

  it('TF answers may be written as 正确/错误/对/错 or a/b; FILL answers split on |', async () => {
    const bank = write('tf.csv', [
      'id,type,chapter,stem,answer,explanation',
      't1,TF,ch1,甲,正确,解析',
      't2,TF,ch1,乙,错,解析',
      't3,tf,ch1,丙,b,解析',
      'f1,FILL,ch1,丁____,"一 | 二",解析',
    ]);
    expect(await importFiles(t.db, [bank], { appId: 1002, chapters: join(GOOD, 'chapters.csv') })).toMatchObject({ ok: true, questions: 4, added: 4 });
    const qs = (await createQuestionStore(t.db).questions(1002)).filter((q) => !q.retired);
    expect(qs.map((q) => [q.extId, q.type, q.answer])).toEqual([
      ['t1', 'TF', 'A'],
      ['t2', 'TF', 'B'],
      ['t3', 'TF', 'B'],
      ['f1', 'FILL', ['一', '二']],
    ]);
  });
});
