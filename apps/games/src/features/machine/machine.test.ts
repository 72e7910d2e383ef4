// @vitest-environment node
import { createMachine, type MachineDefinition } from './machine';
import { createManualScheduler } from './manual-scheduler';
import { browserScheduler } from './scheduler';

type Light = { colour: 'red' | 'green'; presses: number };
type LightEvent = { type: 'switch' } | { type: 'press' } | { type: 'ignored' };

// A traffic light that turns green 1 s after red and red again 2 s after green.
const light: MachineDefinition<Light, LightEvent> = {
  initial: { colour: 'red', presses: 0 },
  reduce(state, event) {
    if (event.type === 'switch')
      return { ...state, colour: state.colour === 'red' ? 'green' : 'red' };
    if (event.type === 'press') return { ...state, presses: state.presses + 1 };
    return state;
  },
  timer(state) {
    return state.colour === 'red'
      ? { key: 'red', ms: 1000, event: () => ({ type: 'switch' }) }
      : { key: 'green', ms: 2000, event: () => ({ type: 'switch' }) };
  },
};

describe('createMachine', () => {
  it('sends the event a state waits for when its timer runs out', () => {
    const clock = createManualScheduler();
    const machine = createMachine(light, clock);
    clock.advance(999);
    expect(machine.getState().colour).toBe('red');
    clock.advance(1);
    expect(machine.getState().colour).toBe('green');
    clock.advance(1999);
    expect(machine.getState().colour).toBe('green');
    clock.advance(1);
    expect(machine.getState().colour).toBe('red');
  });

  it('keeps a running timer while the timer key stays the same', () => {
    const clock = createManualScheduler();
    const machine = createMachine(light, clock);
    clock.advance(600);
    machine.send({ type: 'press' });
    clock.advance(400);
    expect(machine.getState()).toEqual({ colour: 'green', presses: 1 });
  });

  it('notifies subscribers of changes only', () => {
    const clock = createManualScheduler();
    const machine = createMachine(light, clock);
    const listener = vi.fn();
    const unsubscribe = machine.subscribe(listener);
    machine.send({ type: 'ignored' });
    expect(listener).not.toHaveBeenCalled();
    machine.send({ type: 'press' });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    machine.send({ type: 'press' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('stops its timer on dispose and picks it up again on resume', () => {
    const clock = createManualScheduler();
    const machine = createMachine(light, clock);
    machine.dispose();
    clock.advance(5000);
    expect(machine.getState().colour).toBe('red');
    machine.resume();
    clock.advance(1000);
    expect(machine.getState().colour).toBe('green');
  });

  it('runs on the real clock through browserScheduler', () => {
    vi.useFakeTimers();
    try {
      const machine = createMachine(light, browserScheduler);
      vi.advanceTimersByTime(1000);
      expect(machine.getState().colour).toBe('green');
      machine.dispose();
      vi.advanceTimersByTime(10_000);
      expect(machine.getState().colour).toBe('green');
    } finally {
      vi.useRealTimers();
    }
  });
});
