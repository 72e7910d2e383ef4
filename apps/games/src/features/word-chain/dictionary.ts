import type { Dictionary } from './word-chain-machine';

let loading: Promise<Dictionary> | null = null;

/**
 * The English word list (an-array-of-english-words, ~275,000 words). It is
 * fetched as its own chunk the first time the word-chain page asks for it,
 * never with the rest of the games remote.
 */
export function loadDictionary(): Promise<Dictionary> {
  loading ??= import(/* webpackChunkName: "english-words" */ 'an-array-of-english-words').then(
    (module) => {
      const words = new Set<string>(module.default);
      return (word: string) => words.has(word);
    },
    (error: unknown) => {
      // Let a later attempt (Retry) fetch it again.
      loading = null;
      throw error;
    },
  );
  return loading;
}
