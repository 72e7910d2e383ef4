import { useEffect, useState, useSyncExternalStore } from 'react';
import { createMachine, type Machine, type MachineDefinition } from './machine';
import { browserScheduler, type Scheduler } from './scheduler';

/**
 * Runs a game's state machine for as long as the component is mounted and
 * re-renders on every state change.
 */
export function useMachine<S, E>(
  makeDefinition: () => MachineDefinition<S, E>,
  scheduler: Scheduler = browserScheduler,
): [S, (event: E) => void] {
  const [machine] = useState<Machine<S, E>>(() => createMachine(makeDefinition(), scheduler));
  useEffect(() => {
    machine.resume();
    return () => machine.dispose();
  }, [machine]);
  const state = useSyncExternalStore(machine.subscribe, machine.getState, machine.getState);
  return [state, machine.send];
}
