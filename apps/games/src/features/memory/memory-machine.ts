import type { MachineDefinition } from '../machine/machine';

/** Memory: 3 steps to start, one more per level up to 8; a level is worth level x 10 points. */
export const FIRST_SEQUENCE_LENGTH = 3;
export const MAX_SEQUENCE_LENGTH = 8;
export const STEP_GAP_MS = 600;
export const STEP_LIT_MS = 400;
export const LEVEL_PAUSE_MS = 1500;

export const PADS = [
  { name: 'Purple', color: '#a66bff' },
  { name: 'Gold', color: '#f2b84b' },
  { name: 'Teal', color: '#2dd4bf' },
  { name: 'Pink', color: '#f472b6' },
] as const;
export type Pad = number;

export type MemoryPhase = 'notStarted' | 'showing' | 'awaitingInput' | 'levelComplete' | 'gameOver';

export interface MemoryState {
  phase: MemoryPhase;
  /** 1-based; 0 before the first game. */
  level: number;
  sequence: readonly Pad[];
  /** While showing: the step being shown, and whether its pad is lit right now. */
  showIndex: number;
  lit: boolean;
  /** While awaiting input: how many steps the player has repeated. */
  inputIndex: number;
  score: number;
  /** At game over: the pad pressed and the one that was due. */
  mistake: { pressed: Pad; expected: Pad } | null;
}

export type MemoryEvent =
  | { type: 'start'; sequence: readonly Pad[] }
  /** The 600 ms gap is over: light the step. */
  | { type: 'stepOn' }
  /** The 400 ms are over: the step goes dark. */
  | { type: 'stepOff' }
  | { type: 'press'; pad: Pad }
  /** The pause after a completed level is over. */
  | { type: 'nextLevel'; sequence: readonly Pad[] };

export const initialMemoryState: MemoryState = {
  phase: 'notStarted',
  level: 0,
  sequence: [],
  showIndex: 0,
  lit: false,
  inputIndex: 0,
  score: 0,
  mistake: null,
};

export function sequenceLength(level: number): number {
  return Math.min(FIRST_SEQUENCE_LENGTH + level - 1, MAX_SEQUENCE_LENGTH);
}

/** Points for completing a level: level x 10. */
export function levelPoints(level: number): number {
  return level * 10;
}

export function randomPad(random: () => number): Pad {
  return Math.min(PADS.length - 1, Math.floor(random() * PADS.length));
}

export function randomSequence(length: number, random: () => number): Pad[] {
  return Array.from({ length }, () => randomPad(random));
}

/**
 * The sequence for the level after `level`: the same steps plus one more, or,
 * once it is 8 long, a fresh sequence of 8.
 */
export function nextSequence(sequence: readonly Pad[], level: number, random: () => number): Pad[] {
  const length = sequenceLength(level + 1);
  if (length > sequence.length) return [...sequence, randomPad(random)];
  return randomSequence(length, random);
}

function showFromStart(state: MemoryState, level: number, sequence: readonly Pad[]): MemoryState {
  return {
    ...state,
    phase: 'showing',
    level,
    sequence,
    showIndex: 0,
    lit: false,
    inputIndex: 0,
    mistake: null,
  };
}

function isPad(pad: number): boolean {
  return Number.isInteger(pad) && pad >= 0 && pad < PADS.length;
}

export function reduceMemory(state: MemoryState, event: MemoryEvent): MemoryState {
  switch (event.type) {
    case 'start':
      if (state.phase !== 'notStarted' && state.phase !== 'gameOver') return state;
      if (event.sequence.length === 0 || !event.sequence.every(isPad)) return state;
      return showFromStart({ ...state, score: 0 }, 1, event.sequence);
    case 'stepOn':
      if (state.phase !== 'showing' || state.lit) return state;
      return { ...state, lit: true };
    case 'stepOff':
      if (state.phase !== 'showing' || !state.lit) return state;
      if (state.showIndex + 1 < state.sequence.length) {
        return { ...state, showIndex: state.showIndex + 1, lit: false };
      }
      return { ...state, phase: 'awaitingInput', lit: false, inputIndex: 0 };
    case 'press': {
      if (state.phase !== 'awaitingInput' || !isPad(event.pad)) return state;
      const expected = state.sequence[state.inputIndex];
      if (expected === undefined) return state;
      if (event.pad !== expected) {
        return { ...state, phase: 'gameOver', mistake: { pressed: event.pad, expected } };
      }
      const inputIndex = state.inputIndex + 1;
      if (inputIndex < state.sequence.length) return { ...state, inputIndex };
      return {
        ...state,
        phase: 'levelComplete',
        inputIndex,
        score: state.score + levelPoints(state.level),
      };
    }
    case 'nextLevel':
      if (state.phase !== 'levelComplete') return state;
      if (event.sequence.length === 0 || !event.sequence.every(isPad)) return state;
      return showFromStart(state, state.level + 1, event.sequence);
  }
}

export function createMemoryDefinition(
  random: () => number,
): MachineDefinition<MemoryState, MemoryEvent> {
  return {
    initial: initialMemoryState,
    reduce: reduceMemory,
    timer(state) {
      if (state.phase === 'showing') {
        const step = `show:${state.level}:${state.showIndex}`;
        return state.lit
          ? { key: `${step}:lit`, ms: STEP_LIT_MS, event: () => ({ type: 'stepOff' }) }
          : { key: `${step}:gap`, ms: STEP_GAP_MS, event: () => ({ type: 'stepOn' }) };
      }
      if (state.phase === 'levelComplete') {
        return {
          key: `pause:${state.level}`,
          ms: LEVEL_PAUSE_MS,
          event: () => ({
            type: 'nextLevel',
            sequence: nextSequence(state.sequence, state.level, random),
          }),
        };
      }
      return null;
    },
  };
}
