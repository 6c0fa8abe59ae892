import { MARK_NOTE_MAX } from '@kaoshi/contract';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { newReplyID } from '../../../lib/outbox/engine';
import { onMarkSaved, pendingMarks, queueMark, queueUnmark, type MarkInput } from '../../../lib/outbox/reading';
import { Modal } from '../../../ui/modal';
import { locateQuote, offsetOf, quoteAt, rangeOf, textIndex } from '../anchoring';
import type { ItemData } from '../api';
import { Markdown } from '../../../ui/markdown';
import styles from './marks.module.css';

interface Placed {
  mark: MarkInput;
  range: Range | null;
}

/** The section anchor a point of the article lies in: the last `##` heading before it. */
function anchorAt(article: HTMLElement, node: Node): string {
  let anchor = '';
  for (const h of article.querySelectorAll<HTMLElement>('h2[data-anchor]')) {
    if (h === node || h.contains(node) || h.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING) anchor = h.dataset.anchor ?? '';
  }
  return anchor;
}

const highlights = () => (typeof CSS !== 'undefined' && 'highlights' in CSS ? (CSS as unknown as { highlights: Map<string, unknown> }).highlights : null);

/**
 * A Markdown page with the learner's marks (docs/reading.md "Reading state"): a selection offers 高亮 and 写笔记; marks
 * are drawn with the CSS Custom Highlight API (the page's DOM is never changed), found again by their quote after a
 * re-import, and listed below with their notes; those whose text is gone are kept under 失效的标注. Saves go through
 * the reading outbox, so they survive going offline.
 */
export function MarkedArticle({ item }: { item: ItemData }) {
  const article = useRef<HTMLElement>(null);
  const [marks, setMarks] = useState<MarkInput[]>(item.marks);
  const [placed, setPlaced] = useState<Placed[]>([]);
  const [selection, setSelection] = useState<{ start: number; end: number; anchor: string } | null>(null);
  const [editing, setEditing] = useState<{ mark: MarkInput; isNew: boolean } | null>(null);
  const [note, setNote] = useState('');

  // Unsent marks and removals of this page (written offline) show at once.
  useEffect(() => {
    let live = true;
    void pendingMarks(item.id).then(({ saved, removed }) => {
      if (!live || (saved.length === 0 && removed.size === 0)) return;
      setMarks((ms) => [...ms.filter((m) => !removed.has(m.clientId) && !saved.some((s) => s.clientId === m.clientId)), ...saved]);
    });
    // The server's copy replaces ours only if ours did not change since (a newer edit may still be on its way).
    const off = onMarkSaved(
      (itemID, m) => itemID === item.id && setMarks((ms) => ms.map((x) => (x.clientId === m.clientId && x.note === m.note && x.color === m.color && x.quote === m.quote ? m : x))),
    );
    return () => {
      live = false;
      off();
    };
  }, [item.id]);

  // Place every mark in the rendered text and draw the highlights.
  useLayoutEffect(() => {
    const el = article.current;
    if (!el) return;
    const index = textIndex(el);
    const next = marks.map((mark) => {
      const at = locateQuote(index.text, mark);
      return { mark, range: at ? rangeOf(index, at.start, at.end) : null };
    });
    setPlaced(next);
    const hl = highlights();
    if (!hl) return;
    const H = (window as unknown as { Highlight: new (...r: Range[]) => unknown }).Highlight;
    hl.set('reading-mark', new H(...next.filter((p) => p.range && !p.mark.note).map((p) => p.range!)));
    hl.set('reading-note', new H(...next.filter((p) => p.range && p.mark.note).map((p) => p.range!)));
    return () => {
      hl.delete('reading-mark');
      hl.delete('reading-note');
    };
  }, [marks, item.body]);

  // A selection inside the article offers the toolbar.
  useEffect(() => {
    const onChange = () => {
      const el = article.current;
      const sel = document.getSelection();
      if (!el || !sel || sel.rangeCount === 0 || sel.isCollapsed) return setSelection(null);
      const r = sel.getRangeAt(0);
      if (!el.contains(r.commonAncestorContainer)) return setSelection(null);
      const index = textIndex(el);
      const start = offsetOf(index, r.startContainer, r.startOffset);
      const end = offsetOf(index, r.endContainer, r.endOffset);
      if (start === null || end === null || end - start < 2 || !index.text.slice(start, end).trim()) return setSelection(null);
      setSelection({ start, end: Math.min(end, start + 500), anchor: anchorAt(el, r.startContainer) });
    };
    document.addEventListener('selectionchange', onChange);
    return () => document.removeEventListener('selectionchange', onChange);
  }, []);

  const save = useCallback(
    (mark: MarkInput) => {
      setMarks((ms) => [...ms.filter((m) => m.clientId !== mark.clientId), mark]);
      void queueMark(item.AppID, item.id, mark);
    },
    [item.AppID, item.id],
  );
  const fromSelection = (): MarkInput | null => {
    if (!selection || !article.current) return null;
    const q = quoteAt(textIndex(article.current).text, selection.start, selection.end);
    document.getSelection()?.removeAllRanges();
    setSelection(null);
    return { clientId: newReplyID(), anchor: selection.anchor, ...q, note: '', color: 'green' };
  };
  const remove = (m: MarkInput) => {
    setMarks((ms) => ms.filter((x) => x.clientId !== m.clientId));
    void queueUnmark(item.AppID, m.clientId);
  };
  const openNote = (mark: MarkInput, isNew: boolean) => {
    setNote(mark.note);
    setEditing({ mark, isNew });
  };
  const reveal = (range: Range) => {
    const box = range.getBoundingClientRect();
    window.scrollBy({ top: box.top - window.innerHeight / 3, behavior: 'smooth' });
  };

  const lost = placed.filter((p) => !p.range);
  const found = placed.filter((p) => p.range);
  return (
    <>
      <article ref={article} className={styles.article}>
        <Markdown source={item.body} appID={item.AppID} />
      </article>
      {selection ? (
        <div className={styles.toolbar} role="toolbar" aria-label="标注">
          <button
            type="button"
            className={styles.tool}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              const m = fromSelection();
              if (m) save(m);
            }}
          >
            高亮
          </button>
          <button
            type="button"
            className={styles.tool}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              const m = fromSelection();
              if (m) openNote(m, true);
            }}
          >
            写笔记
          </button>
        </div>
      ) : null}
      {placed.length > 0 ? (
        <section className={styles.list} aria-label="我的标注">
          <h2 className={styles.listTitle}>{`我的标注（${placed.length}）`}</h2>
          {found.map(({ mark, range }) => (
            <div key={mark.clientId} className={styles.item} data-testid="reading-mark">
              <button type="button" className={styles.quote} data-kind={mark.note ? 'note' : 'highlight'} onClick={() => reveal(range!)}>
                {mark.quote}
              </button>
              {mark.note ? <p className={styles.note}>{mark.note}</p> : null}
              <div className={styles.actions}>
                <button type="button" className={styles.action} onClick={() => openNote(mark, false)}>
                  {mark.note ? '编辑笔记' : '写笔记'}
                </button>
                <button type="button" className={styles.action} onClick={() => remove(mark)}>
                  删除
                </button>
              </div>
            </div>
          ))}
          {lost.length > 0 ? <h3 className={styles.lostTitle}>失效的标注（原文已修改）</h3> : null}
          {lost.map(({ mark }) => (
            <div key={mark.clientId} className={styles.item}>
              <p className={styles.lostQuote}>{mark.quote}</p>
              {mark.note ? <p className={styles.note}>{mark.note}</p> : null}
              <div className={styles.actions}>
                <button type="button" className={styles.action} onClick={() => remove(mark)}>
                  删除
                </button>
              </div>
            </div>
          ))}
        </section>
      ) : null}
      <Modal
        open={editing !== null}
        variant="sheet"
        title="笔记"
        onDismiss={() => setEditing(null)}
        footer={
          <button
            type="button"
            className={styles.save}
            onClick={() => {
              if (editing) save({ ...editing.mark, note: note.trim() });
              setEditing(null);
            }}
          >
            保存
          </button>
        }
      >
        {editing ? <p className={styles.quoteInSheet}>{editing.mark.quote}</p> : null}
        <textarea
          className={styles.textarea}
          aria-label="笔记内容"
          value={note}
          maxLength={MARK_NOTE_MAX}
          rows={4}
          placeholder="写下你的理解或记忆方法"
          onChange={(e) => setNote(e.target.value)}
        />
        <p className={styles.counter}>{`${note.length}/${MARK_NOTE_MAX}`}</p>
      </Modal>
    </>
  );
}
