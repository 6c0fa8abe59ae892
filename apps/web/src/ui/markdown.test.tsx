import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText } from './rich-text';
import { Markdown, headingParts } from './markdown';

/**
 * The XSS corpus (docs/reading.md "Rendering"): the OWASP filter-evasion classics and our own markup's edges, through
 * every renderer of reading content (Markdown for handouts, theory, pocket pages, summaries and daily notes; RichText
 * for cards). Nothing may come out but the allow-listed elements and attributes, links only to http(s), images only
 * from the subject's bank.
 */
const CORPUS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<<SCRIPT>alert("XSS");//<</SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>',
  '<svg/onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<a href="javascript:alert(1)">点我</a>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<style>body{display:none}</style>',
  '<form action="https://evil.example"><input name=q></form>',
  '[点我](javascript:alert(1))',
  '[点我](JaVaScRiPt:alert(1))',
  '[点我](  javascript:alert(1) )',
  '[点我](vbscript:msgbox(1))',
  '[点我](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[点我](//evil.example/x)',
  '[点我][ref]\n\n[ref]: javascript:alert(1)',
  '![x](javascript:alert(1))',
  '![x](https://tracker.example/p.gif)',
  '<javascript:alert(1)>',
  '<https://evil.example/?q="><script>alert(1)</script>>',
  '```html\n<script>alert(1)</script>\n```',
  '`<img src=x onerror=alert(1)>`',
  '【<script>alert(1)</script>】',
  '[<img src=x onerror=1>.png]',
  '[a.png" onerror="alert(1)]',
  '[../../etc/passwd.png]',
  '## 标题 {#"><img src=x onerror=alert(1)>}',
  '## 标题 {#x" onmouseover="alert(1)}',
  '| a | b |\n|:--|--:|\n| <b onclick=alert(1)>x</b> | [y](javascript:1) |',
  '1. <details open ontoggle=alert(1)>',
  '> <marquee onstart=alert(1)>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '<!-- <script>alert(1)</script> -->',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  'x<br onload=alert(1)>y',
];

const TAGS = new Set([
  'DIV',
  'SPAN',
  'P',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'UL',
  'OL',
  'LI',
  'BLOCKQUOTE',
  'TABLE',
  'THEAD',
  'TBODY',
  'TR',
  'TH',
  'TD',
  'STRONG',
  'EM',
  'S',
  'CODE',
  'PRE',
  'HR',
  'BR',
  'A',
  'MARK',
  'IMG',
]);
const ATTRS = new Set(['class', 'id', 'data-anchor', 'start', 'style', 'href', 'target', 'rel', 'src', 'alt', 'loading', 'decoding']);

function assertSafe(root: HTMLElement) {
  for (const el of root.querySelectorAll('*')) {
    expect(TAGS.has(el.tagName), `element <${el.tagName}>`).toBe(true);
    for (const a of el.attributes) {
      expect(ATTRS.has(a.name), `attribute ${a.name} on <${el.tagName}>`).toBe(true);
      expect(a.value.toLowerCase()).not.toMatch(/javascript:|vbscript:|data:text/);
    }
    if (el.tagName === 'A') expect(el.getAttribute('href')).toMatch(/^https?:\/\//);
    if (el.tagName === 'IMG') expect(el.getAttribute('src')).toMatch(/^\/api\/images\/1001\/[^/]+$/);
    if (el.hasAttribute('style')) expect(el.getAttribute('style')).toMatch(/^text-align: (left|center|right);$/);
  }
}

describe('reading renderers and the XSS corpus', () => {
  it.each(CORPUS)('Markdown renders %j as inert text and allow-listed elements', (source) => {
    const { container } = render(<Markdown source={source} appID={1001} />);
    assertSafe(container);
  });

  it('Markdown renders the whole corpus at once safely, and RichText (cards) every entry', () => {
    assertSafe(render(<Markdown source={CORPUS.join('\n\n')} appID={1001} />).container);
    for (const source of CORPUS) assertSafe(render(<RichText text={source} appID={1001} />).container);
  });

  it('renders what the content needs: anchored sections, key points, bank images, tables and safe links', () => {
    const { container } = render(
      <Markdown
        source={'## 体温 {#tiwen}\n口服有【首过效应】。\n\n[b-ogtt-curve.svg]\n\n| 部位 | 正常 |\n|:--|:-:|\n| 腋下 | 36.0～37.0℃ |\n\n[指南](https://www.nhc.gov.cn/)'}
        appID={1001}
      />,
    );
    const h2 = container.querySelector('h2')!;
    expect([h2.id, h2.dataset.anchor, h2.textContent]).toEqual(['sec-tiwen', 'tiwen', '体温']);
    expect(container.querySelector('mark')!.textContent).toBe('首过效应');
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/api/images/1001/b-ogtt-curve.svg');
    expect(container.querySelector('th')!.getAttribute('style')).toBe('text-align: left;');
    expect(container.querySelector('a')!.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(headingParts('没有锚点的标题')).toEqual({ heading: '没有锚点的标题', anchor: '没有锚点的标题' });
  });
});
