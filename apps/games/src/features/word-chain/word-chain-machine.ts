/** Word chain: 2, 3, 4, 5, 6 or 8 players (default 2); the starting word comes from a list of 8. */
export const PLAYER_COUNTS = [2, 3, 4, 5, 6, 8] as const;
export type PlayerCount = (typeof PLAYER_COUNTS)[number];
export const DEFAULT_PLAYER_COUNT: PlayerCount = 2;

export const STARTING_WORDS = [
  'music',
  'dance',
  'rhythm',
  'lounge',
  'guitar',
  'melody',
  'bistro',
  'vinyl',
] as const;
export type StartingWord = (typeof STARTING_WORDS)[number];

export const MIN_WORD_LENGTH = 2;

/** Whether a lower-case word is in the game's English word list. */
export type Dictionary = (word: string) => boolean;

export type Rejection =
  | { reason: 'too-short' }
  | { reason: 'already-used'; word: string }
  | { reason: 'wrong-letter'; word: string; letter: string }
  | { reason: 'not-a-word'; word: string };

export interface PlayedWord {
  word: string;
  /** 1-based player number; null for the starting word. */
  player: number | null;
}

export type WordChainState =
  | { phase: 'setup'; playerCount: PlayerCount; startingWord: StartingWord }
  | {
      phase: 'playing';
      playerCount: PlayerCount;
      startingWord: StartingWord;
      /** Every word in the chain, the starting word first. */
      played: readonly PlayedWord[];
      /** 1-based number of the player whose turn it is. */
      currentPlayer: number;
      /** Why the last submitted word was turned down, until the next valid word. */
      rejection: Rejection | null;
    };

export type WordChainEvent =
  | { type: 'setPlayerCount'; playerCount: PlayerCount }
  | { type: 'setStartingWord'; startingWord: StartingWord }
  | { type: 'start' }
  | { type: 'submit'; word: string; isWord: Dictionary }
  | { type: 'newGame' };

export const initialWordChainState: WordChainState = {
  phase: 'setup',
  playerCount: DEFAULT_PLAYER_COUNT,
  startingWord: STARTING_WORDS[0],
};

export function normalizeWord(input: string): string {
  return input.trim().toLowerCase();
}

/** The letter the next word has to start with. */
export function requiredLetter(played: readonly PlayedWord[]): string {
  const last = played[played.length - 1]?.word ?? '';
  return last.slice(-1);
}

/**
 * A word is accepted when it has at least 2 letters, is not already used, starts with the last
 * letter of the previous word; and it has to be a real English word.
 */
export function checkWord(
  input: string,
  played: readonly PlayedWord[],
  isWord: Dictionary,
): { ok: true; word: string } | { ok: false; rejection: Rejection } {
  const word = normalizeWord(input);
  if (word.length < MIN_WORD_LENGTH) return { ok: false, rejection: { reason: 'too-short' } };
  if (played.some((p) => p.word === word)) {
    return { ok: false, rejection: { reason: 'already-used', word } };
  }
  const letter = requiredLetter(played);
  if (!word.startsWith(letter)) {
    return { ok: false, rejection: { reason: 'wrong-letter', word, letter } };
  }
  if (!isWord(word)) return { ok: false, rejection: { reason: 'not-a-word', word } };
  return { ok: true, word };
}

/** The message a player sees for a rejected word (the toast text of the word-chain game). */
export function rejectionMessage(rejection: Rejection): string {
  switch (rejection.reason) {
    case 'too-short':
      return `Words need at least ${MIN_WORD_LENGTH} letters.`;
    case 'already-used':
      return `"${rejection.word}" has already been used!`;
    case 'wrong-letter':
      return `Your word must start with the letter "${rejection.letter.toUpperCase()}".`;
    case 'not-a-word':
      return `"${rejection.word}" is not a valid word.`;
  }
}

export function reduceWordChain(state: WordChainState, event: WordChainEvent): WordChainState {
  switch (event.type) {
    case 'setPlayerCount':
      if (state.phase !== 'setup' || !PLAYER_COUNTS.includes(event.playerCount)) return state;
      return { ...state, playerCount: event.playerCount };
    case 'setStartingWord':
      if (state.phase !== 'setup' || !STARTING_WORDS.includes(event.startingWord)) return state;
      return { ...state, startingWord: event.startingWord };
    case 'start':
      if (state.phase !== 'setup') return state;
      return {
        phase: 'playing',
        playerCount: state.playerCount,
        startingWord: state.startingWord,
        played: [{ word: state.startingWord, player: null }],
        currentPlayer: 1,
        rejection: null,
      };
    case 'submit': {
      if (state.phase !== 'playing') return state;
      const result = checkWord(event.word, state.played, event.isWord);
      if (!result.ok) return { ...state, rejection: result.rejection };
      return {
        ...state,
        played: [...state.played, { word: result.word, player: state.currentPlayer }],
        currentPlayer: (state.currentPlayer % state.playerCount) + 1,
        rejection: null,
      };
    }
    case 'newGame':
      if (state.phase !== 'playing') return state;
      return { phase: 'setup', playerCount: state.playerCount, startingWord: state.startingWord };
  }
}
