import MarkdownIt, { type Token } from 'markdown-it';
import { parseMarkup } from '@kaoshi/contract';
import { memo, useMemo, type ReactNode } from 'react';
import { bankImageUrl } from './rich-text';
import styles from './markdown.module.css';

/**
 * Markdown of the reading content and the live introductions (docs/reading.md "Rendering"): markdown-it parses with raw HTML off, and its tokens
 * become React elements here, from an allow-list of tags, so nothing from the content is ever inserted as HTML. Text
 * carries the question markup of §3 (parseMarkup): 【…】 a key point, `[name.png]` an image of the subject's bank.
 * `## 标题 {#anchor}` headings get their section's anchor (the server reads the same syntax).
 */
const md = new MarkdownIt({ html: false, linkify: false, typographer: false });

/** The anchor and visible text of a `##` heading's inline content. */
export function headingParts(content: string): { heading: string; anchor: string } {
  const m = /^(.*?)\s*\{#([^}\s]+)\}$/.exec(content);
  return m ? { heading: m[1]!.trim(), anchor: m[2]! } : { heading: content, anchor: content };
}

/** The DOM id of a section (an anchor may be Chinese text: ids accept it, CSS selectors go through CSS.escape). */
export const sectionId = (anchor: string) => `sec-${anchor}`;

const BLOCK_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'table', 'thead', 'tbody', 'tr', 'th', 'td']);
const INLINE_TAGS: Record<string, 'strong' | 'em' | 's'> = { strong_open: 'strong', em_open: 'em', s_open: 's' };
const ALIGN = new Set(['left', 'center', 'right']);

function marked(text: string, appID: number, key: string): ReactNode[] {
  return parseMarkup(text).map((p, i) =>
    p.kind === 'text' ? (
      p.text
    ) : p.kind === 'key' ? (
      <mark key={`${key}.${i}`} className={styles.key}>
        {p.text}
      </mark>
    ) : (
      <img key={`${key}.${i}`} className={styles.image} src={bankImageUrl(appID, p.name)} alt={p.name.replace(/\.[a-z]+$/i, '')} loading="lazy" decoding="async" />
    ),
  );
}

/** Inline children (text, emphasis, code, links, breaks) → nodes; `end` is the index after the closing token. */
function inline(tokens: Token[], appID: number, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let i = 0;
  const until = (close: string): ReactNode[] => {
    const start = ++i;
    let depth = 1;
    for (; i < tokens.length; i++) {
      if (tokens[i]!.type === close.replace('_close', '_open')) depth++;
      if (tokens[i]!.type === close && --depth === 0) break;
    }
    return inline(tokens.slice(start, i), appID, `${key}.${start}`);
  };
  for (; i < tokens.length; i++) {
    const t = tokens[i]!;
    const k = `${key}.${i}`;
    if (t.type === 'text') out.push(...marked(t.content, appID, k));
    else if (t.type === 'softbreak') out.push('\n');
    else if (t.type === 'hardbreak') out.push(<br key={k} />);
    else if (t.type === 'code_inline') out.push(<code key={k}>{t.content}</code>);
    else if (INLINE_TAGS[t.type]) {
      const Tag = INLINE_TAGS[t.type]!;
      out.push(<Tag key={k}>{until(t.type.replace('_open', '_close'))}</Tag>);
    } else if (t.type === 'link_open') {
      const href = String(t.attrGet('href') ?? '');
      const children = until('link_close');
      out.push(
        /^https?:\/\//i.test(href) ? (
          <a key={k} href={href} target="_blank" rel="noopener noreferrer nofollow">
            {children}
          </a>
        ) : (
          <span key={k}>{children}</span>
        ),
      );
    } else if (t.type === 'image')
      out.push(t.content); // outside images never load: their alt text shows
    else if (t.content) out.push(t.content);
  }
  return out;
}

/** Block tokens from `from` up to the matching close (or the end) → elements. */
function blocks(tokens: Token[], appID: number): ReactNode[] {
  const stack: { tag: string; key: string; attrs: Record<string, unknown>; children: ReactNode[] }[] = [{ tag: 'root', key: 'root', attrs: {}, children: [] }];
  const top = () => stack[stack.length - 1]!;
  tokens.forEach((t, i) => {
    const key = String(i);
    if (t.nesting === 1 && BLOCK_TAGS.has(t.tag)) {
      const attrs: Record<string, unknown> = {};
      const start = String(t.attrGet('start') ?? '');
      if (t.tag === 'ol' && /^\d{1,6}$/.test(start)) attrs.start = Number(start);
      const align = /text-align:(\w+)/.exec(String(t.attrGet('style') ?? ''))?.[1];
      if ((t.tag === 'td' || t.tag === 'th') && align && ALIGN.has(align)) attrs.style = { textAlign: align };
      stack.push({ tag: t.tag, key, attrs, children: [] });
    } else if (t.nesting === -1 && BLOCK_TAGS.has(t.tag) && stack.length > 1) {
      const done = stack.pop()!;
      const Tag = done.tag as 'p';
      top().children.push(
        <Tag key={done.key} {...done.attrs} className={done.tag === 'table' ? styles.table : undefined}>
          {done.children}
        </Tag>,
      );
    } else if (t.type === 'inline') {
      const parent = top();
      if (parent.tag === 'h2') {
        const { heading, anchor } = headingParts(t.content);
        parent.attrs.id = sectionId(anchor);
        parent.attrs['data-anchor'] = anchor;
        parent.children.push(...marked(heading, appID, key));
      } else parent.children.push(...inline(t.children ?? [], appID, key));
    } else if (t.type === 'fence' || t.type === 'code_block') {
      top().children.push(
        <pre key={key} className={styles.pre}>
          <code>{t.content}</code>
        </pre>,
      );
    } else if (t.type === 'hr') top().children.push(<hr key={key} />);
    else if (t.type === 'html_block' || t.type === 'html_inline') top().children.push(<p key={key}>{t.content}</p>);
  });
  return stack[0]!.children;
}

/** Rendered Markdown of one subject's content. */
export const Markdown = memo(function Markdown({ source, appID, className }: { source: string; appID: number; className?: string }) {
  const nodes = useMemo(() => blocks(md.parse(source, {}), appID), [source, appID]);
  return <div className={`${styles.markdown} ${className ?? ''}`}>{nodes}</div>;
});
