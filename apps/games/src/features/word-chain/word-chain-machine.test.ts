// @vitest-environment node
import {
  checkWord,
  DEFAULT_PLAYER_COUNT,
  initialWordChainState,
  PLAYER_COUNTS,
  reduceWordChain,
  rejectionMessage,
  requiredLetter,
  STARTING_WORDS,
  type Dictionary,
  type WordChainState,
} from './word-chain-machine';

// A small stand-in for the real list (dictionary.test.ts checks the real one).
const words = new Set([
  'music',
  'cat',
  'car',
  'tea',
  'apple',
  'eel',
  'lemon',
  'noon',
  'ant',
  'tiger',
]);
const isWord: Dictionary = (word) => words.has(word);

function playingWith(startingWord: WordChainState['startingWord'], playerCount = 2) {
  let state = reduceWordChain(initialWordChainState, { type: 'setStartingWord', startingWord });
  state = reduceWordChain(state, {
    type: 'setPlayerCount',
    playerCount: playerCount as (typeof PLAYER_COUNTS)[number],
  });
  return reduceWordChain(state, { type: 'start' });
}

function submit(state: WordChainState, word: string) {
  return reduceWordChain(state, { type: 'submit', word, isWord });
}

describe('word chain setup', () => {
  it('offers player counts 2, 3, 4, 5, 6 and 8, defaulting to 2', () => {
    expect(PLAYER_COUNTS).toEqual([2, 3, 4, 5, 6, 8]);
    expect(DEFAULT_PLAYER_COUNT).toBe(2);
    expect(initialWordChainState).toMatchObject({ phase: 'setup', playerCount: 2 });
  });

  it('offers 8 different starting words', () => {
    expect(new Set(STARTING_WORDS).size).toBe(8);
    expect(STARTING_WORDS).toContain(initialWordChainState.startingWord);
  });

  it('changes the player count and starting word, rejecting values not offered', () => {
    let state = reduceWordChain(initialWordChainState, { type: 'setPlayerCount', playerCount: 8 });
    state = reduceWordChain(state, { type: 'setStartingWord', startingWord: 'vinyl' });
    expect(state).toMatchObject({ phase: 'setup', playerCount: 8, startingWord: 'vinyl' });
    const unchanged = reduceWordChain(state, {
      type: 'setPlayerCount',
      playerCount: 7 as unknown as 8, // what a tampered form could send
    });
    expect(unchanged).toBe(state);
    const unknownWord = reduceWordChain(state, {
      type: 'setStartingWord',
      startingWord: 'zebra' as unknown as 'vinyl',
    });
    expect(unknownWord).toBe(state);
  });

  it('starts playing with the starting word in the chain and player 1 to go', () => {
    const state = playingWith('music', 3);
    expect(state).toEqual({
      phase: 'playing',
      playerCount: 3,
      startingWord: 'music',
      played: [{ word: 'music', player: null }],
      currentPlayer: 1,
      rejection: null,
    });
  });

  it('ignores words submitted during setup', () => {
    expect(submit(initialWordChainState, 'cat')).toBe(initialWordChainState);
  });
});

describe('word chain turns', () => {
  it('accepts a valid word, adds it to the used words and passes the turn', () => {
    let state = playingWith('music');
    state = submit(state, 'cat');
    expect(state).toMatchObject({
      played: [
        { word: 'music', player: null },
        { word: 'cat', player: 1 },
      ],
      currentPlayer: 2,
      rejection: null,
    });
    state = submit(state, 'tea');
    expect(state).toMatchObject({ currentPlayer: 1 });
  });

  it('rotates through every player and back to player 1', () => {
    let state = playingWith('music', 3);
    const turns: number[] = [];
    for (const word of ['cat', 'tea', 'apple', 'eel']) {
      if (state.phase === 'playing') turns.push(state.currentPlayer);
      state = submit(state, word);
    }
    expect(turns).toEqual([1, 2, 3, 1]);
    expect(state).toMatchObject({ currentPlayer: 2 });
  });

  it('trims and lower-cases what the player typed', () => {
    const state = submit(playingWith('music'), '  CaT ');
    expect(state).toMatchObject({ played: [{ word: 'music' }, { word: 'cat' }] });
  });

  it('rejects a word shorter than 2 letters and keeps the turn', () => {
    const start = playingWith('music');
    const state = submit(start, 'c');
    expect(state).toMatchObject({ currentPlayer: 1, rejection: { reason: 'too-short' } });
    expect(state.phase === 'playing' && state.played).toHaveLength(1);
  });

  it('rejects a word already used, including the starting word', () => {
    let state = playingWith('music');
    state = submit(state, 'cat');
    state = submit(state, 'tea');
    state = submit(state, 'apple');
    state = submit(state, 'eel');
    state = submit(state, 'lemon');
    state = submit(state, 'noon');
    state = submit(state, 'noon');
    expect(state).toMatchObject({ rejection: { reason: 'already-used', word: 'noon' } });
    expect(state).toMatchObject({ currentPlayer: 1 });
  });

  it('rejects a word that does not start with the last letter of the previous word', () => {
    const state = submit(playingWith('music'), 'tea');
    expect(state).toMatchObject({
      currentPlayer: 1,
      rejection: { reason: 'wrong-letter', word: 'tea', letter: 'c' },
    });
  });

  it('rejects a word that is not in the English word list', () => {
    const state = submit(playingWith('music'), 'cxq');
    expect(state).toMatchObject({
      currentPlayer: 1,
      rejection: { reason: 'not-a-word', word: 'cxq' },
    });
  });

  it('clears the rejection once a valid word is played', () => {
    let state = submit(playingWith('music'), 'cxq');
    state = submit(state, 'car');
    expect(state).toMatchObject({ rejection: null, currentPlayer: 2 });
  });

  it('goes back to setup for a new game, keeping the choices', () => {
    let state = submit(playingWith('music', 4), 'cat');
    state = reduceWordChain(state, { type: 'newGame' });
    expect(state).toEqual({ phase: 'setup', playerCount: 4, startingWord: 'music' });
  });
});

describe('checkWord', () => {
  const played = [{ word: 'music', player: null }];

  it('checks the rules in order: length, used, letter, dictionary', () => {
    expect(checkWord('m', played, () => false)).toEqual({
      ok: false,
      rejection: { reason: 'too-short' },
    });
    expect(checkWord('music', played, () => false)).toMatchObject({
      rejection: { reason: 'already-used' },
    });
    expect(checkWord('dog', played, () => true)).toMatchObject({
      rejection: { reason: 'wrong-letter', letter: 'c' },
    });
    expect(checkWord('cat', played, () => false)).toMatchObject({
      rejection: { reason: 'not-a-word' },
    });
    expect(checkWord('cat', played, () => true)).toEqual({ ok: true, word: 'cat' });
  });

  it('needs the last letter of the previous word', () => {
    expect(requiredLetter([{ word: 'rhythm', player: null }])).toBe('m');
  });
});

describe('rejectionMessage', () => {
  it('says the word was already used', () => {
    expect(rejectionMessage({ reason: 'already-used', word: 'noon' })).toBe(
      '"noon" has already been used!',
    );
  });

  it('says which letter the word must start with', () => {
    expect(rejectionMessage({ reason: 'wrong-letter', word: 'tea', letter: 'c' })).toBe(
      'Your word must start with the letter "C".',
    );
  });

  it('says the word is not valid', () => {
    expect(rejectionMessage({ reason: 'not-a-word', word: 'cxq' })).toBe(
      '"cxq" is not a valid word.',
    );
  });

  it('says how many letters a word needs', () => {
    expect(rejectionMessage({ reason: 'too-short' })).toBe('Words need at least 2 letters.');
  });
});
