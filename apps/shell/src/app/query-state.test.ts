import { describe, expect, it } from 'vitest';
import { parseQueryState, stringifyQueryState } from './query-state';

describe('query state for a server-rendered page', () => {
  it('reads back Maps, Sets and Dates as themselves, nested anywhere', () => {
    const value = {
      queries: [
        {
          data: {
            load: new Map([['e1', { booked: 3, at: new Date('2026-11-27T03:00:00.000Z') }]]),
            tags: new Set(['jazz', 'neon']),
            title: 'Friday Night Neon',
          },
        },
      ],
    };
    const read = parseQueryState(stringifyQueryState(value)) as typeof value;
    const data = read.queries[0]!.data;
    expect(data.load).toBeInstanceOf(Map);
    expect(data.load.get('e1')?.booked).toBe(3);
    expect(data.load.get('e1')?.at).toEqual(new Date('2026-11-27T03:00:00.000Z'));
    expect(data.tags).toEqual(new Set(['jazz', 'neon']));
    expect(data.title).toBe('Friday Night Neon');
  });

  it('leaves plain JSON as it is', () => {
    const value = { a: [1, 'two', null, { b: true }] };
    expect(parseQueryState(stringifyQueryState(value))).toEqual(value);
  });
});
