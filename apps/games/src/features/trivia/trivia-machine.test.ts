// @vitest-environment node
import { createMachine } from '../machine/machine';
import { createManualScheduler } from '../machine/manual-scheduler';
import {
  drawQuestions,
  reduceTrivia,
  triviaDefinition,
  triviaScoreMessage,
  TRIVIA_QUESTION_COUNT,
  type TriviaQuestion,
  type TriviaState,
} from './trivia-machine';

const questions: TriviaQuestion[] = Array.from({ length: 5 }, (_, i) => ({
  id: `q${i}`,
  category: 'Music',
  prompt: `Question ${i + 1}?`,
  options: ['A', 'B', 'C', 'D'],
  answer: i % 4,
}));

function startedGame() {
  const clock = createManualScheduler();
  const game = createMachine(triviaDefinition, clock);
  game.send({ type: 'start', questions });
  return { clock, game };
}

function playing(state: TriviaState) {
  if (state.phase !== 'playing') throw new Error(`expected playing, got ${state.phase}`);
  return state;
}

describe('trivia state machine', () => {
  it('starts idle and moves to playing the first question with 15 s on start', () => {
    expect(triviaDefinition.initial).toEqual({ phase: 'idle' });
    const { game } = startedGame();
    expect(game.getState()).toMatchObject({
      phase: 'playing',
      index: 0,
      score: 0,
      secondsLeft: 15,
    });
  });

  it('ignores answers and ticks while idle, and a start with no questions', () => {
    const idle: TriviaState = { phase: 'idle' };
    expect(reduceTrivia(idle, { type: 'answer', choice: 0 })).toBe(idle);
    expect(reduceTrivia(idle, { type: 'tick' })).toBe(idle);
    expect(reduceTrivia(idle, { type: 'next' })).toBe(idle);
    expect(reduceTrivia(idle, { type: 'start', questions: [] })).toBe(idle);
  });

  it('counts down one second per tick', () => {
    const { clock, game } = startedGame();
    clock.advance(1000);
    expect(playing(game.getState()).secondsLeft).toBe(14);
    clock.advance(13_000);
    expect(playing(game.getState()).secondsLeft).toBe(1);
  });

  it('a right answer scores a point and is revealed for 2 s before the next question', () => {
    const { clock, game } = startedGame();
    clock.advance(3000);
    game.send({ type: 'answer', choice: questions[0]!.answer });
    expect(game.getState()).toMatchObject({
      phase: 'answered',
      choice: 0,
      correct: true,
      score: 1,
    });
    clock.advance(1999);
    expect(game.getState().phase).toBe('answered');
    clock.advance(1);
    expect(game.getState()).toMatchObject({
      phase: 'playing',
      index: 1,
      score: 1,
      secondsLeft: 15,
    });
  });

  it('a wrong answer scores nothing', () => {
    const { game } = startedGame();
    game.send({ type: 'answer', choice: 3 });
    expect(game.getState()).toMatchObject({
      phase: 'answered',
      choice: 3,
      correct: false,
      score: 0,
    });
  });

  it('stops the countdown once answered and ignores a second answer', () => {
    const { clock, game } = startedGame();
    game.send({ type: 'answer', choice: 0 });
    game.send({ type: 'answer', choice: 1 });
    expect(game.getState()).toMatchObject({ choice: 0, score: 1 });
    clock.advance(1000);
    expect(game.getState()).toMatchObject({ phase: 'answered', index: 0 });
  });

  it('ignores an option that does not exist', () => {
    const { game } = startedGame();
    game.send({ type: 'answer', choice: 4 });
    game.send({ type: 'answer', choice: -1 });
    expect(game.getState().phase).toBe('playing');
  });

  it('after 15 s without an answer the question counts as wrong', () => {
    const { clock, game } = startedGame();
    clock.advance(14_999);
    expect(game.getState().phase).toBe('playing');
    clock.advance(1);
    expect(game.getState()).toMatchObject({
      phase: 'answered',
      choice: null,
      correct: false,
      score: 0,
      index: 0,
    });
    clock.advance(2000);
    expect(game.getState()).toMatchObject({ phase: 'playing', index: 1, secondsLeft: 15 });
  });

  it('finishes after the fifth question with the score, and can be played again', () => {
    const { clock, game } = startedGame();
    for (let i = 0; i < 5; i++) {
      // Right on even questions: 3 of 5.
      game.send({ type: 'answer', choice: i % 2 === 0 ? questions[i]!.answer : 3 - (i % 4) });
      clock.advance(2000);
    }
    expect(game.getState()).toEqual({ phase: 'finished', questions, score: 3 });
    expect(clock.pendingCount).toBe(0);
    game.send({ type: 'start', questions });
    expect(game.getState()).toMatchObject({
      phase: 'playing',
      index: 0,
      score: 0,
      secondsLeft: 15,
    });
  });

  it('does not restart a round in progress', () => {
    const { game } = startedGame();
    const before = game.getState();
    game.send({ type: 'start', questions: questions.slice(1) });
    expect(game.getState()).toBe(before);
  });
});

describe('triviaScoreMessage', () => {
  it.each([
    [5, 'Perfect'],
    [4, 'Great job'],
    [3, 'Great job'],
    [2, 'Keep practicing'],
    [1, 'Keep practicing'],
    [0, 'Keep practicing'],
  ])('%i of 5 is %s', (score, message) => {
    expect(triviaScoreMessage(score, 5)).toBe(message);
  });

  it('counts exactly half as Great job', () => {
    expect(triviaScoreMessage(2, 4)).toBe('Great job');
    expect(triviaScoreMessage(1, 4)).toBe('Keep practicing');
  });
});

describe('drawQuestions', () => {
  const bank: TriviaQuestion[] = Array.from({ length: 30 }, (_, i) => ({
    id: `b${i}`,
    category: 'Cleveland',
    prompt: `Bank question ${i}`,
    options: [`right ${i}`, 'w1', 'w2', 'w3'],
    answer: 0,
  }));

  function seeded(seed: number) {
    let s = seed;
    return () => {
      s = (s * 1103515245 + 12345) % 2 ** 31;
      return s / 2 ** 31;
    };
  }

  it('draws 5 different questions from the bank', () => {
    const drawn = drawQuestions(bank, TRIVIA_QUESTION_COUNT, seeded(7));
    expect(drawn).toHaveLength(5);
    expect(new Set(drawn.map((q) => q.id)).size).toBe(5);
    for (const q of drawn) expect(bank.some((b) => b.id === q.id)).toBe(true);
  });

  it('shuffles the options but keeps the answer pointing at the right one', () => {
    const drawn = drawQuestions(bank, 30, seeded(3));
    for (const q of drawn) {
      const original = bank.find((b) => b.id === q.id)!;
      expect([...q.options].sort()).toEqual([...original.options].sort());
      expect(q.options[q.answer]).toBe(original.options[original.answer]);
    }
    // Not every right answer stayed first.
    expect(drawn.some((q) => q.answer !== 0)).toBe(true);
  });

  it('draws different rounds for different random numbers', () => {
    const a = drawQuestions(bank, 5, seeded(1)).map((q) => q.id);
    const b = drawQuestions(bank, 5, seeded(99)).map((q) => q.id);
    expect(a).not.toEqual(b);
  });
});
