// @vitest-environment node
import { createMachine } from '../machine/machine';
import { createManualScheduler } from '../machine/manual-scheduler';
import {
  createMemoryDefinition,
  initialMemoryState,
  levelPoints,
  nextSequence,
  randomSequence,
  reduceMemory,
  sequenceLength,
  type MemoryState,
  type Pad,
} from './memory-machine';

/** Random numbers that pick pads 0, 1, 2, 3, 0, 1, … in turn. */
function cyclingRandom() {
  let i = 0;
  return () => (i++ % 4) / 4 + 0.01;
}

function newGame(sequence: Pad[] = [2, 0, 3]) {
  const clock = createManualScheduler();
  const game = createMachine(createMemoryDefinition(cyclingRandom()), clock);
  game.send({ type: 'start', sequence });
  return { clock, game };
}

/** What the player sees lit at every 100 ms while the sequence plays. */
function watch(clock: ReturnType<typeof createManualScheduler>, game: { getState(): MemoryState }) {
  const frames: (Pad | null)[] = [];
  while (game.getState().phase === 'showing') {
    clock.advance(100);
    const s = game.getState();
    frames.push(s.phase === 'showing' && s.lit ? s.sequence[s.showIndex]! : null);
  }
  return frames;
}

function repeat(game: { send(e: { type: 'press'; pad: Pad }): void }, sequence: readonly Pad[]) {
  for (const pad of sequence) game.send({ type: 'press', pad });
}

describe('memory match state machine', () => {
  it('starts not started, at level 0 with no score', () => {
    expect(initialMemoryState).toMatchObject({ phase: 'notStarted', level: 0, score: 0 });
  });

  it('shows each step lit for 400 ms after a 600 ms gap, then awaits input', () => {
    const { clock, game } = newGame([2, 0, 3]);
    expect(game.getState()).toMatchObject({ phase: 'showing', level: 1, lit: false });
    const frames = watch(clock, game);
    const dark = (n: number) => Array<null>(n).fill(null);
    const lit = (pad: Pad) => Array<Pad>(4).fill(pad);
    expect(frames).toEqual([
      ...dark(5), // 100-500 ms: the first 600 ms gap
      ...lit(2), // 600-900 ms: the first step, lit for 400 ms
      ...dark(6), // 1000-1500 ms: dark again, then the next gap
      ...lit(0),
      ...dark(6),
      ...lit(3),
      null, // 3000 ms: the last step goes dark and input starts
    ]);
    expect(clock.now).toBe(3000);
    expect(game.getState()).toMatchObject({ phase: 'awaitingInput', inputIndex: 0, lit: false });
  });

  it('ignores presses while the sequence is showing', () => {
    const { clock, game } = newGame([2, 0, 3]);
    clock.advance(700);
    const before = game.getState();
    game.send({ type: 'press', pad: 2 });
    expect(game.getState()).toBe(before);
  });

  it('a full correct repeat completes the level, scores level x 10 and pauses 1.5 s', () => {
    const { clock, game } = newGame([2, 0, 3]);
    clock.advance(3000);
    game.send({ type: 'press', pad: 2 });
    expect(game.getState()).toMatchObject({ phase: 'awaitingInput', inputIndex: 1 });
    game.send({ type: 'press', pad: 0 });
    game.send({ type: 'press', pad: 3 });
    expect(game.getState()).toMatchObject({ phase: 'levelComplete', level: 1, score: 10 });
    clock.advance(1499);
    expect(game.getState().phase).toBe('levelComplete');
    clock.advance(1);
    const next = game.getState();
    expect(next).toMatchObject({ phase: 'showing', level: 2, score: 10, showIndex: 0, lit: false });
    // The same steps plus one more.
    expect(next.sequence).toHaveLength(4);
    expect(next.sequence.slice(0, 3)).toEqual([2, 0, 3]);
  });

  it('grows one step per level up to 8 and adds level x 10 each time', () => {
    const { clock, game } = newGame([1, 1, 1]);
    const lengths: number[] = [];
    const scores: number[] = [];
    for (let level = 1; level <= 8; level++) {
      watch(clock, game);
      const state = game.getState();
      expect(state).toMatchObject({ phase: 'awaitingInput', level });
      lengths.push(state.sequence.length);
      repeat(game, state.sequence);
      scores.push(game.getState().score);
      clock.advance(1500);
    }
    expect(lengths).toEqual([3, 4, 5, 6, 7, 8, 8, 8]);
    expect(scores).toEqual([10, 30, 60, 100, 150, 210, 280, 360]);
  });

  it('a wrong pad ends the game, remembering the mistake; nothing more is scheduled', () => {
    const { clock, game } = newGame([2, 0, 3]);
    clock.advance(3000);
    game.send({ type: 'press', pad: 2 });
    game.send({ type: 'press', pad: 1 });
    expect(game.getState()).toMatchObject({
      phase: 'gameOver',
      level: 1,
      score: 0,
      mistake: { pressed: 1, expected: 0 },
    });
    expect(clock.pendingCount).toBe(0);
    game.send({ type: 'press', pad: 0 });
    expect(game.getState().phase).toBe('gameOver');
  });

  it('keeps the score of completed levels at game over and resets it on a new game', () => {
    const { clock, game } = newGame([0, 1, 2]);
    clock.advance(3000);
    repeat(game, [0, 1, 2]);
    clock.advance(1500);
    watch(clock, game);
    game.send({ type: 'press', pad: 3 });
    expect(game.getState()).toMatchObject({ phase: 'gameOver', level: 2, score: 10 });
    game.send({ type: 'start', sequence: [3, 3, 3] });
    expect(game.getState()).toMatchObject({
      phase: 'showing',
      level: 1,
      score: 0,
      sequence: [3, 3, 3],
      mistake: null,
    });
  });

  it('does not restart a game in progress and rejects pads that do not exist', () => {
    const state = reduceMemory(initialMemoryState, { type: 'start', sequence: [0, 1, 2] });
    expect(reduceMemory(state, { type: 'start', sequence: [1, 1, 1] })).toBe(state);
    expect(reduceMemory(initialMemoryState, { type: 'start', sequence: [0, 9, 1] })).toBe(
      initialMemoryState,
    );
    const awaiting: MemoryState = { ...state, phase: 'awaitingInput' };
    expect(reduceMemory(awaiting, { type: 'press', pad: 4 })).toBe(awaiting);
  });
});

describe('memory rules', () => {
  it('sequence length starts at 3 and stops at 8', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(sequenceLength)).toEqual([3, 4, 5, 6, 7, 8, 8, 8]);
  });

  it('a completed level is worth level x 10 points', () => {
    expect([1, 2, 6].map(levelPoints)).toEqual([10, 20, 60]);
  });

  it('builds random sequences of valid pads', () => {
    const random = cyclingRandom();
    expect(randomSequence(5, random)).toEqual([0, 1, 2, 3, 0]);
    expect(randomSequence(3, () => 0.9999)).toEqual([3, 3, 3]);
  });

  it('extends a sequence by one, or deals a fresh 8 at the maximum', () => {
    expect(nextSequence([1, 2, 3], 1, () => 0)).toEqual([1, 2, 3, 0]);
    expect(nextSequence([1, 1, 1, 1, 1, 1, 1, 1], 6, () => 0.5)).toEqual([2, 2, 2, 2, 2, 2, 2, 2]);
  });
});
