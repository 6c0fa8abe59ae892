/**
 * Text width of spec §5: Chinese characters count 2, everything else 1; text over a limit is cut.
 *
 * "Chinese" here means (decision; the spec does not list ranges):
 * - every Han ideograph (\p{Script=Han}: the BMP block, the extensions in the astral planes,
 *   compatibility ideographs, 〇 and 々), and
 * - full-width punctuation: CJK Symbols and Punctuation U+3000–U+303F (、。「」【】〔〕 and the
 *   ideographic space), Fullwidth Forms U+FF01–U+FF60 (，！？：；（）０–９Ａ–Ｚ) and U+FFE0–U+FFE6 (￥).
 * Everything else counts 1, including General Punctuation such as “ ” … — (they are not full-width
 * forms) and each code point of an emoji. Width is counted per code point, never per UTF-16 unit,
 * so an astral character is one character, not two.
 */

const WIDE = /[\p{Script=Han}\u3000-\u303F\uFF01-\uFF60\uFFE0-\uFFE6]/u;

/** Width of one code point: 2 for Chinese, else 1. */
export const charWidth = (char: string): 1 | 2 => (WIDE.test(char) ? 2 : 1);

/** Width of a text: Chinese code points count 2, others 1. */
export const textWidth = (value: string): number => {
  let width = 0;
  for (const char of value) width += charWidth(char);
  return width;
};

/**
 * The longest prefix of `value` whose width is at most `limit`. Cuts between code points, so a
 * surrogate pair is never split. A negative or NaN limit gives ''; Infinity gives the whole text.
 */
export const cutToWidth = (value: string, limit: number): string => {
  let width = 0;
  let end = 0; // UTF-16 index just after the last code point kept
  for (const char of value) {
    width += charWidth(char);
    if (!(width <= limit)) break; // written this way so a NaN limit keeps nothing
    end += char.length;
  }
  return value.slice(0, end);
};

/**
 * A one-line excerpt of `value` for a title or a message: runs of white space become one space, the ends are trimmed,
 * and text wider than `limit` is cut to it with … after.
 */
export const excerptToWidth = (value: string, limit: number): string => {
  const flat = value.replace(/\s+/g, ' ').trim();
  const cut = cutToWidth(flat, limit);
  return cut.length < flat.length ? `${cut}…` : cut;
};
