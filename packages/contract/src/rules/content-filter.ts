/**
 * The content check of learner-written text (discussions, feedback, live chat, nicknames; issue 32 item 15).
 *
 * Spec §5 says "URLs, HTML tags and emoji become '#'". We no longer change what a learner typed: replacing cut
 * real text (anything between a '<' and a '>', such as 'a<b 且 c>d', vanished from a discussion body), and it
 * protected nothing, because every screen renders learner text as text, never as HTML (React text nodes, white
 * space kept), so a tag, a URL or an emoji is shown as the characters typed. The text is stored as typed, trimmed
 * at the ends; the only refusal is a banned word, with CONTENT_MSG.banned, and the learner edits the text.
 *
 * Matching is done on a folded copy (NFKC, lower case, without white space, punctuation, symbols and format
 * characters), so '傻 逼', '傻.逼' or full-width letters are found; the stored text is never the folded one.
 * The list is short and deliberate: profanity, sexual and gambling spam, a few illegal services. It leaves out
 * words a medical exam needs (drug and body words, '办证' of a licence) and phrases that are also plain speech
 * ('他妈的手术' is "his mother's operation"); a longer list would be a file read by the server.
 */

/** Words refused in learner text (each matched anywhere, after folding). */
export const BANNED_WORDS: readonly string[] = [
  '傻逼',
  '傻屄',
  '煞笔',
  '操你妈',
  '草泥马',
  '狗日的',
  '婊子',
  'fuck',
  '约炮',
  '裸聊',
  '援交',
  '色情网站',
  '六合彩',
  '时时彩',
  '网络赌博',
  '赌博网站',
  '代开发票',
  '法轮功',
];

export const CONTENT_MSG = {
  /** A learner text with a word of BANNED_WORDS (the text is not stored). */
  banned: '内容含有不允许使用的词语，请修改后再提交',
} as const;

const fold = (value: string): string =>
  value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}\p{Cf}]/gu, '');
const FOLDED = BANNED_WORDS.map(fold);

/** The banned words found in a text (none: []). */
export const bannedWordsIn = (value: string): string[] => {
  const folded = fold(value);
  return BANNED_WORDS.filter((_, i) => folded.includes(FOLDED[i]!));
};

/** Does the text contain a banned word? */
export const hasBannedWords = (value: string): boolean => bannedWordsIn(value).length > 0;
