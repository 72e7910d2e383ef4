// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchUsersPage, userSearchFilter, USERS_PAGE_SIZE } from './users-query';
import { userDeleteFailed } from './errors';
import { DataError } from '../lib/errors';

const calls: [string, unknown[]][] = [];
let result: { data: unknown; error: unknown; count: number | null };

// A stand-in for the supabase-js query builder that records the chain.
function builder(): Record<string, unknown> {
  const chain: Record<string, unknown> = {};
  for (const name of ['from', 'select', 'order', 'or', 'range', 'abortSignal']) {
    chain[name] = (...args: unknown[]) => {
      calls.push([name, args]);
      return chain;
    };
  }
  chain['then'] = (resolve: (value: unknown) => unknown) => Promise.resolve(result).then(resolve);
  return chain;
}

vi.mock('../lib/supabase-client', () => ({ getSupabase: () => builder() }));

describe('user search filter', () => {
  it('matches a term in first name, last name or e-mail', () => {
    expect(userSearchFilter('maya')).toBe(
      'first_name.ilike.*maya*,last_name.ilike.*maya*,email.ilike.*maya*',
    );
  });

  it('also matches "first last" across the two name columns', () => {
    expect(userSearchFilter('  Maya   Brooks ')).toBe(
      'first_name.ilike.*Maya Brooks*,last_name.ilike.*Maya Brooks*,email.ilike.*Maya Brooks*,' +
        'and(first_name.ilike.*Maya*,last_name.ilike.*Brooks*)',
    );
  });

  it('drops characters that would change the filter, and ignores an empty search', () => {
    expect(userSearchFilter('a,b)(c*%"\\:')).toBe(
      'first_name.ilike.*a b c*,last_name.ilike.*a b c*,email.ilike.*a b c*,and(first_name.ilike.*a*,last_name.ilike.*b c*)',
    );
    expect(userSearchFilter('  ')).toBeNull();
    expect(userSearchFilter('(),*')).toBeNull();
  });
});

describe('fetchUsersPage', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it('asks the server for one page, newest first, with the exact count', async () => {
    result = { data: [{ user_id: 'u1' }], error: null, count: 5_012 };
    const page = await fetchUsersPage({ page: 2, search: 'leo' });
    expect(page).toEqual({
      rows: [{ user_id: 'u1' }],
      total: 5_012,
      page: 2,
      search: 'leo',
      pageCount: 201,
    });
    expect(calls).toContainEqual(['from', ['profiles']]);
    expect(calls.find(([n]) => n === 'select')?.[1][1]).toEqual({ count: 'exact' });
    expect(calls).toContainEqual(['order', ['created_at', { ascending: false }]]);
    expect(calls).toContainEqual(['or', [userSearchFilter('leo')]]);
    expect(calls).toContainEqual(['range', [2 * USERS_PAGE_SIZE, 3 * USERS_PAGE_SIZE - 1]]);
  });

  it('sends no filter without a search, and throws the server error', async () => {
    result = { data: null, error: { code: '42501', message: 'permission denied' }, count: null };
    await expect(fetchUsersPage({ page: 0, search: '' })).rejects.toBeInstanceOf(DataError);
    expect(calls.some(([n]) => n === 'or')).toBe(false);
  });
});

describe('user deletion errors', () => {
  it("shows the self-delete refusal as 'Action blocked' and the rest as 'Deletion Failed'", () => {
    expect(
      userDeleteFailed(
        new DataError({ code: 'P0001', message: 'You cannot delete your own admin account.' }),
      ),
    ).toMatchObject({
      title: 'Action blocked',
      description: 'You cannot delete your own admin account.',
    });
    expect(
      userDeleteFailed(new DataError({ code: '42501', message: 'Admin privileges required' })),
    ).toMatchObject({
      title: 'Deletion Failed',
      description: 'Admin privileges required',
    });
  });
});
