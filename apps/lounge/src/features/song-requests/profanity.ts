import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';

let matcher: RegExpMatcher | null = null;

/**
 * The client-side profanity check for song requests (spec section 5): the
 * obscenity library's English dataset with its recommended transformers
 * (case, leetspeak, repeated letters). The database checks again on insert.
 * Built on first use so the page's first paint does not pay for it.
 */
export function containsProfanity(...texts: string[]): boolean {
  matcher ??= new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
  const m = matcher;
  return texts.some((text) => m.hasMatch(text));
}
