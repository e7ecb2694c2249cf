/**
 * How names become search words. Matching is on word prefixes, ignoring case
 * and accents ("beyo" finds "Beyoncé", "sigur ros" finds "Sigur Rós"), as in
 * every music app people know. Letters that Unicode does not decompose into a
 * base letter plus a mark are folded by hand.
 */
const FOLDS: Record<string, string> = { ø: 'o', ł: 'l', đ: 'd', ð: 'd', ß: 'ss', æ: 'ae', œ: 'oe', þ: 'th', ı: 'i', ħ: 'h' };
const FOLDABLE = new RegExp(`[${Object.keys(FOLDS).join('')}]`, 'gu');
const MARKS = /\p{M}+/gu;
const SEPARATORS = /[^\p{L}\p{N}]+/u;

/** Lower case, accents removed, special letters folded. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(MARKS, '').toLowerCase().replace(FOLDABLE, (letter) => FOLDS[letter]!);
}

/** The distinct words of a name, folded, in their order. */
export function searchWords(text: string): string[] {
  const words = foldText(text).split(SEPARATORS).filter((word) => word.length > 0);
  return [...new Set(words)];
}
