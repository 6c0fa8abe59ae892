/* ---------------- question text markup ---------------- */

/**
 * Question text is plain text with two marks (spec §3): a bracketed image file name such as
 * `[ecg-01.png]` (shown as the image the server serves for the subject) and 【 】 around a key point
 * (highlighted). Anything else is text; nothing is ever HTML.
 */
export type TextPart = { kind: 'text'; text: string } | { kind: 'key'; text: string } | { kind: 'image'; name: string };

export const IMAGE_NAME = /^[A-Za-z0-9_.-]{1,100}\.(?:png|jpe?g|gif|webp|svg)$/i;
const MARK = /\[([^\]\s]{1,104})\]|【([^【】]*)】/g;

export function parseMarkup(text: string): TextPart[] {
  const parts: TextPart[] = [];
  const push = (p: TextPart) => {
    const last = parts[parts.length - 1];
    if (p.kind === 'text' && last?.kind === 'text') last.text += p.text;
    else parts.push(p);
  };
  let at = 0;
  for (const m of text.matchAll(MARK)) {
    const i = m.index ?? 0;
    if (i > at) push({ kind: 'text', text: text.slice(at, i) });
    if (m[1] !== undefined) {
      if (IMAGE_NAME.test(m[1])) push({ kind: 'image', name: m[1] });
      else push({ kind: 'text', text: m[0] });
    } else if (m[2]) push({ kind: 'key', text: m[2] });
    else push({ kind: 'text', text: m[0] });
    at = i + m[0].length;
  }
  if (at < text.length) push({ kind: 'text', text: text.slice(at) });
  return parts;
}

/** Image names a text refers to. */
export const imagesIn = (text: string): string[] => parseMarkup(text).flatMap((p) => (p.kind === 'image' ? [p.name] : []));
