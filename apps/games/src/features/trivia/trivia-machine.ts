import type { MachineDefinition } from '../machine/machine';

/** Trivia: 5 questions a round, 15 s for each, the answer shown for 2 s. */
export const TRIVIA_QUESTION_COUNT = 5;
export const TRIVIA_SECONDS_PER_QUESTION = 15;
export const TRIVIA_REVEAL_MS = 2000;

export type TriviaCategory = 'Bistro' | 'Music' | 'Cleveland';

export interface TriviaQuestion {
  id: string;
  category: TriviaCategory;
  prompt: string;
  options: readonly string[];
  /** Index into `options`. */
  answer: number;
}

export interface TriviaRound {
  questions: readonly TriviaQuestion[];
  /** The question being asked or revealed. */
  index: number;
  score: number;
}

export type TriviaState =
  | { phase: 'idle' }
  | ({ phase: 'playing'; secondsLeft: number } & TriviaRound)
  | ({
      phase: 'answered';
      /** The option picked, or null when time ran out. */
      choice: number | null;
      correct: boolean;
    } & TriviaRound)
  | { phase: 'finished'; questions: readonly TriviaQuestion[]; score: number };

export type TriviaEvent =
  | { type: 'start'; questions: readonly TriviaQuestion[] }
  | { type: 'answer'; choice: number }
  /** One second of the countdown has passed. */
  | { type: 'tick' }
  /** The reveal is over. */
  | { type: 'next' };

export const initialTriviaState: TriviaState = { phase: 'idle' };

export function reduceTrivia(state: TriviaState, event: TriviaEvent): TriviaState {
  switch (event.type) {
    case 'start':
      if (state.phase === 'playing' || state.phase === 'answered') return state;
      if (event.questions.length === 0) return state;
      return {
        phase: 'playing',
        questions: event.questions,
        index: 0,
        score: 0,
        secondsLeft: TRIVIA_SECONDS_PER_QUESTION,
      };
    case 'answer': {
      if (state.phase !== 'playing') return state;
      const question = state.questions[state.index];
      if (!question || event.choice < 0 || event.choice >= question.options.length) return state;
      const correct = event.choice === question.answer;
      return {
        phase: 'answered',
        questions: state.questions,
        index: state.index,
        score: state.score + (correct ? 1 : 0),
        choice: event.choice,
        correct,
      };
    }
    case 'tick': {
      if (state.phase !== 'playing') return state;
      const secondsLeft = state.secondsLeft - 1;
      if (secondsLeft > 0) return { ...state, secondsLeft };
      // Time ran out: it counts as a wrong answer.
      return {
        phase: 'answered',
        questions: state.questions,
        index: state.index,
        score: state.score,
        choice: null,
        correct: false,
      };
    }
    case 'next': {
      if (state.phase !== 'answered') return state;
      const index = state.index + 1;
      if (index >= state.questions.length) {
        return { phase: 'finished', questions: state.questions, score: state.score };
      }
      return {
        phase: 'playing',
        questions: state.questions,
        index,
        score: state.score,
        secondsLeft: TRIVIA_SECONDS_PER_QUESTION,
      };
    }
  }
}

/** The verdict: Perfect (all right), Great job (at least half), Keep practicing. */
export function triviaScoreMessage(score: number, total: number): string {
  if (total > 0 && score >= total) return 'Perfect';
  if (score * 2 >= total) return 'Great job';
  return 'Keep practicing';
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  // Shuffle positions (plain numbers), then read the items in that order.
  const order = items.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const swap = order[i] ?? i;
    order[i] = order[j] ?? j;
    order[j] = swap;
  }
  return order.flatMap((i) => (i in items ? [items[i] as T] : []));
}

/**
 * `count` different questions from the bank in random order (Fisher-Yates),
 * each with its options shuffled too, so the right answer moves around.
 */
export function drawQuestions(
  bank: readonly TriviaQuestion[],
  count: number,
  random: () => number,
): TriviaQuestion[] {
  return shuffled(bank, random)
    .slice(0, count)
    .map((question) => {
      const options = shuffled(question.options, random);
      return {
        ...question,
        options,
        answer: options.indexOf(question.options[question.answer] ?? ''),
      };
    });
}

export const triviaDefinition: MachineDefinition<TriviaState, TriviaEvent> = {
  initial: initialTriviaState,
  reduce: reduceTrivia,
  timer(state) {
    if (state.phase === 'playing') {
      return {
        key: `tick:${state.index}:${state.secondsLeft}`,
        ms: 1000,
        event: () => ({ type: 'tick' }),
      };
    }
    if (state.phase === 'answered') {
      return {
        key: `reveal:${state.index}`,
        ms: TRIVIA_REVEAL_MS,
        event: () => ({ type: 'next' }),
      };
    }
    return null;
  },
};
