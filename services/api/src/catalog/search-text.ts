/**
 * How names become search words. Matching is on word prefixes, ignoring case
 * and accents ("beyo" finds "Beyoncé", "sigur ros" finds "Sigur Rós"), as in
 * every music app people know. Letters that Unicode does not decompose into a
 * base letter plus a mark are folded by hand. Punctuation is normalised the
 * way people type band names (docs/search.md): "&" reads "and", and a token
 * with punctuation inside ("R.E.M.", "AC/DC", "Don't") is indexed joined
 * ("rem", "acdc", "dont") as well as by its parts.
 */
const FOLDS: Record<string, string> = { ø: 'o', ł: 'l', đ: 'd', ð: 'd', ß: 'ss', æ: 'ae', œ: 'oe', þ: 'th', ı: 'i', ħ: 'h' };
const FOLDABLE = new RegExp(`[${Object.keys(FOLDS).join('')}]`, 'gu');
const MARKS = /\p{M}+/gu;
const SEPARATORS = /[^\p{L}\p{N}]+/u;
const AMPERSAND = /&/g;
/** A whitespace-separated token (also splits on the separators "&" became, and on control characters). */
const SPACES = /[\s\p{C}]+/u;

/** Query words past this many are ignored: a 100-character query of one-letter words stays one bounded search. */
export const QUERY_WORDS_MAX = 8;
/** Letters of a query word past this are ignored (no name word is that long, and typo matching costs per letter). */
export const QUERY_WORD_LETTERS_MAX = 32;

/** Lower case, accents removed, special letters folded. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(MARKS, '').toLowerCase().replace(FOLDABLE, (letter) => FOLDS[letter]!);
}

/** The distinct words a name is indexed under, folded, in their order: each token's parts, then its joined form when it had inner punctuation. */
export function searchWords(text: string): string[] {
  const words: string[] = [];
  for (const token of tokens(text)) {
    const parts = token.split(SEPARATORS).filter((part) => part.length > 0);
    words.push(...parts);
    if (parts.length > 1) words.push(parts.join(''));
  }
  return [...new Set(words)];
}

/**
 * The words a query asks for: a token with inner punctuation counts as one joined word ("ac/dc" → "acdc", which the
 * name's joined form matches), so typing a band the way it is spelt finds it; at most QUERY_WORDS_MAX words.
 */
export function queryWords(text: string): string[] {
  const words: string[] = [];
  for (const token of tokens(text)) {
    const joined = token.split(SEPARATORS).join('');
    if (joined.length > 0) words.push(joined.slice(0, QUERY_WORD_LETTERS_MAX));
  }
  return [...new Set(words)].slice(0, QUERY_WORDS_MAX);
}

function tokens(text: string): string[] {
  return foldText(text.replace(AMPERSAND, ' and ')).split(SPACES);
}
