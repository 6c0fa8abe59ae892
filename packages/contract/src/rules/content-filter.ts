/**
 * Content filter of spec §5: URLs, HTML tags and emoji each become '#'; surrounding whitespace is
 * trimmed. Used on learner-written text (notes, comments, feedback) before it is stored or shown.
 *
 * What counts (decisions; the spec names only the three kinds):
 * - URL: starts with 'http://', 'https://' or 'www.' (any case) and runs over printable ASCII up
 *   to whitespace, a quote, '<', '>' or any non-ASCII character, so '访问www.a.com了解' keeps '了解'.
 *   Bare domains without 'www.' ('baidu.com') are left alone: too many false positives in text
 *   such as '3.5kg'.
 * - HTML tag: '<' + optional '/' + a letter + anything but '<' '>' + '>', plus comments '<!-- -->',
 *   declarations '<!DOCTYPE …>' and processing instructions '<?…>'. Only the tag is replaced; the
 *   text between tags stays. '1 < 2 > 0' is not a tag (no letter after '<').
 * - Emoji: one whole emoji becomes one '#': a \p{Extended_Pictographic} code point with its optional
 *   variation selector (U+FE0E/U+FE0F), skin-tone modifier or tag sequence (subdivision flags),
 *   joined with further ones by ZWJ (U+200D) — so a family emoji is one '#'; also a flag (a pair of
 *   regional indicators) and a keycap ('1️⃣'). Note © ® ™ ‼ are Extended_Pictographic too.
 *
 * Replacing can make a new match ('<a<b>>' → '<a#>', itself a tag), so the step runs until nothing
 * changes. That makes filterContent idempotent by construction: its result is a fixed point of the
 * step. It terminates because each change either shortens the text or, for a one-unit emoji
 * replaced by '#', lowers the count of pictographic code points, and no step adds any.
 */

const URL_PATTERN = String.raw`(?:https?:\/\/|www\.)[^\s<>"'\u0080-\u{10FFFF}]*`;
const TAG = String.raw`<!--[\s\S]*?-->|<[!?\/]?[a-zA-Z][^<>]*>`;
const PIECE = String.raw`\p{Extended_Pictographic}[\uFE0E\uFE0F]?(?:\p{Emoji_Modifier}|[\u{E0020}-\u{E007E}]+\u{E007F})?`;
const EMOJI = String.raw`${PIECE}(?:\u200D${PIECE})*|\p{Regional_Indicator}{1,2}|[#*0-9]\uFE0F?\u20E3`;

const FILTERED = new RegExp(`${URL_PATTERN}|${TAG}|${EMOJI}`, 'giu');

const step = (value: string): string => value.replace(FILTERED, '#').trim();

/** URLs, HTML tags and emoji each become '#'; surrounding whitespace trimmed. */
export const filterContent = (value: string): string => {
  let current = value.trim();
  for (let next = step(current); next !== current; next = step(current)) current = next;
  return current;
};
