export type Greeting = 'Good Morning' | 'Good Afternoon' | 'Good Evening';

/** By local hour: before 12 Good Morning, before 17 Good Afternoon, otherwise Good Evening. */
export function greetingForHour(hour: number): Greeting {
  if (hour < 12) return 'Good Morning';
  if (hour < 17) return 'Good Afternoon';
  return 'Good Evening';
}

export const greetingFor = (now: Date = new Date()): Greeting => greetingForHour(now.getHours());
