// Writes the demo PDF handout of 护士执业资格: `node content/demo/reading/make-pdf.mjs` (needs Debian's chromium, its
// Noto CJK fonts and Python's fonttools: `pip install fonttools`). The four handouts of 基础护理知识和技能 printed as one
// PDF with the font embedded, so the Chinese text renders and can be selected and searched. The font is first cut to
// the characters the text uses: Noto CJK draws some ideographs with the glyph of a Kangxi radical (士 and ⼠), and a
// whole font makes Chromium write the radical into the PDF's text, which then cannot be found by search. The PDF and
// its Markdown page are committed; the seed never runs this.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import { chromium } from 'playwright-core';

const dir = new URL('./1001/handouts/', import.meta.url);
const CHAPTERS = ['jc-smtz', 'jc-gy', 'jc-gr', 'jc-jj'];
const TITLE = '基础护理知识和技能（讲义 PDF 版）';

const md = new MarkdownIt({ html: false });
const strip = (text) => text.replace(/^---\n[\s\S]*?\n---\n/, '');
const titleOf = (text) => /^title:\s*(.+)$/m.exec(text)[1].trim();
const bodies = CHAPTERS.map((c) => readFileSync(new URL(`${c}.md`, dir), 'utf8'));
// 【…】 as highlighted key points, `{#anchor}` dropped, bank images left out (the PDF stands alone).
const html = (src) =>
  md
    .render(strip(src).replace(/\s*\{#[a-z0-9-]+\}/g, '').replace(/\[[\w.-]+\.(png|jpe?g|svg|gif)\]/g, ''))
    .replace(/【([^】]+)】/g, '<mark>$1</mark>');
const used = [...new Set(bodies.join('') + TITLE + '护士执业资格 · 考试宝典演示讲义 · 本项目原创整理 0123456789/')].filter((ch) => !/[\u2E80-\u2FDF]/.test(ch));
const work = mkdtempSync(join(tmpdir(), 'pdf-font-'));
writeFileSync(join(work, 'text.txt'), used.join(''));
execFileSync('python3', ['-m', 'fontTools.subset', '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', '--font-number=2', `--text-file=${join(work, 'text.txt')}`, `--output-file=${join(work, 'font.otf')}`, '--layout-features=*', '--name-IDs=*']);
const font = readFileSync(join(work, 'font.otf')).toString('base64');

const page = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><style>
  @page { size: A4; margin: 18mm 16mm; }
  @font-face { font-family: 'Handout'; src: url(data:font/otf;base64,${font}) format('opentype'); }
  * { font-weight: normal !important; }
  body { font-family: 'Handout', sans-serif; font-size: 11pt; line-height: 1.7; color: #222; }
  h1 { font-size: 20pt; text-align: center; margin: 0 0 6mm; }
  h2.chapter { font-size: 16pt; border-bottom: 2px solid #1677ff; padding-bottom: 2mm; margin-top: 10mm; page-break-before: always; }
  h2.chapter.first { page-break-before: avoid; }
  h2 { font-size: 13pt; color: #1677ff; }
  table { border-collapse: collapse; margin: 3mm 0; }
  th, td { border: 1px solid #999; padding: 1.5mm 2.5mm; }
  mark { background: #ffe58f; }
  .lead { text-align: center; color: #666; margin-bottom: 8mm; }
</style></head><body>
<h1>${TITLE}</h1><p class="lead">护士执业资格 · 考试宝典演示讲义 · 本项目原创整理</p>
${bodies.map((b, i) => `<h2 class="chapter${i === 0 ? ' first' : ''}">${titleOf(b)}</h2>${html(b).replace(/<h2>/g, '<h3>').replace(/<\/h2>/g, '</h3>')}`).join('\n')}
</body></html>`;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const tab = await browser.newPage();
await tab.setContent(page, { waitUntil: 'load' });
const pdf = await tab.pdf({ format: 'A4', printBackground: true, displayHeaderFooter: true, headerTemplate: '<span></span>', footerTemplate: '<div style="font-size:8pt;width:100%;text-align:center;color:#888"><span class="pageNumber"></span> / <span class="totalPages"></span></div>', margin: { top: '18mm', bottom: '18mm', left: '16mm', right: '16mm' } });
await browser.close();
writeFileSync(new URL('jc.pdf', dir), pdf);
// The handout page of the part: the PDF, with its text (the chapters' Markdown) for search.
writeFileSync(new URL('jc.md', dir), `---\ntitle: ${TITLE}\npdf: jc.pdf\n---\n${bodies.map((b) => `# ${titleOf(b)}\n\n${strip(b).trim()}`).join('\n\n')}\n`);
console.log(`jc.pdf: ${pdf.length} bytes`);
