import {
  PROFANITY_LEET,
  PROFANITY_LOOKALIKES,
  PROFANITY_STRIP,
  PROFANITY_TERMS,
  type ProfanityMatch,
} from './profanity-terms';

/*
 * The lounge's check before a song request is sent. The database is the
 * judge (private.contains_profanity refuses the insert); this mirrors it step
 * by step, with the same generated list, so members see "Keep it Clean!"
 * without a round trip. Any change here belongs in the SQL too.
 */

const strip = new RegExp(`[${PROFANITY_STRIP}]`, 'g');
const lookalikes = new Map(
  Array.from(PROFANITY_LOOKALIKES.from, (c, i) => [c, Array.from(PROFANITY_LOOKALIKES.to)[i]]),
);
const leet = new Map(
  Array.from(PROFANITY_LEET.from, (c, i) => [c, Array.from(PROFANITY_LEET.to)[i]]),
);

const translate = (text: string, map: Map<string, string | undefined>): string =>
  Array.from(text, (c) => map.get(c) ?? c).join('');

/** Letters that sound alike, written one way (private.profanity_sounds): "phuq" as "fuk". */
export const profanitySounds = (text: string): string =>
  text.replace(/p+h+/g, 'f').replace(/c+k+/g, 'k').replace(/q+/g, 'k');

/** The text as the matcher sees it (private.normalize_for_profanity). */
export function normalizeForProfanity(text: string): string {
  let s = text.normalize('NFKC').normalize('NFD').replace(strip, '');
  s = translate(s, lookalikes).replace(/[A-Z]/g, (c) => c.toLowerCase());
  const out: string[] = [];
  let run = '';
  const flush = () => {
    if (run.length >= 3) out.push(run);
    else out.push(...run);
    run = '';
  };
  for (let word of s.split(/[ \t\n\r\f\v]+/)) {
    if (/[a-z]/.test(word)) word = translate(word, leet).replace(/[^a-z0-9]/g, '');
    else if (!/[0-9]/.test(word)) continue;
    if (/^[a-z]$/.test(word)) {
      run += word;
      continue;
    }
    flush();
    out.push(word);
  }
  flush();
  return profanitySounds(out.join(' '));
}

/** One term's expression (private.profanity_pattern). */
export function profanityPattern(term: string, match: ProfanityMatch): string {
  return (
    (match === 'any' ? '' : '(?<![a-z0-9])') +
    profanitySounds(term)
      .replace(/([a-z])/g, '$1+')
      .replace(/ /g, '[^a-z]*') +
    (match === 'word' ? '(?:e?s)?(?![a-z0-9])' : '')
  );
}

let matcher: RegExp | null = null;

/** True when any of the texts holds a refused term. Built on first use. */
export function containsProfanity(...texts: string[]): boolean {
  matcher ??= new RegExp(PROFANITY_TERMS.map(([t, m]) => profanityPattern(t, m)).join('|'));
  const m = matcher;
  return texts.some((text) => m.test(normalizeForProfanity(text)));
}
