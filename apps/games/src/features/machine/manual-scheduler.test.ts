// @vitest-environment node
import { createManualScheduler } from './manual-scheduler';

describe('createManualScheduler', () => {
  it('runs callbacks only when time reaches them, earliest first', () => {
    const clock = createManualScheduler();
    const ran: string[] = [];
    clock.after(300, () => ran.push('b'));
    clock.after(100, () => ran.push('a'));
    clock.advance(99);
    expect(ran).toEqual([]);
    clock.advance(1);
    expect(ran).toEqual(['a']);
    expect(clock.now).toBe(100);
    clock.advance(500);
    expect(ran).toEqual(['a', 'b']);
    expect(clock.now).toBe(600);
  });

  it('runs callbacks scheduled by callbacks within the same advance', () => {
    const clock = createManualScheduler();
    const ran: number[] = [];
    clock.after(100, () => {
      ran.push(clock.now);
      clock.after(100, () => ran.push(clock.now));
    });
    clock.advance(250);
    expect(ran).toEqual([100, 200]);
  });

  it('never runs a cancelled callback', () => {
    const clock = createManualScheduler();
    const ran: string[] = [];
    const cancel = clock.after(100, () => ran.push('x'));
    expect(clock.pendingCount).toBe(1);
    cancel();
    clock.advance(1000);
    expect(ran).toEqual([]);
    expect(clock.pendingCount).toBe(0);
  });
});
