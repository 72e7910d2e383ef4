import { describe, expect, it } from 'vitest';
import { toApiError } from './errors.js';

describe('toApiError', () => {
  it('answers 503 PGRST001 while the database is unreachable or restarting', () => {
    const cases: unknown[] = [
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      { code: '57P01', message: 'terminating connection due to administrator command' },
      { code: '57P03', message: 'the database system is starting up' },
    ];
    for (const e of cases) {
      const api = toApiError(e, true);
      expect([api.status, api.code]).toEqual([503, 'PGRST001']);
    }
  });

  it('keeps the PostgREST mapping of ordinary SQL errors', () => {
    expect(toApiError({ code: '23505', message: 'duplicate key' }, true).status).toBe(409);
    expect(toApiError({ code: '42501', message: 'denied' }, false).status).toBe(401);
  });

  it('answers a statement timeout (57014) with 500, as PostgREST does for class 57', () => {
    const e = { code: '57014', message: 'canceling statement due to statement timeout' };
    expect(toApiError(e, false).toJSON()).toEqual({ ...e, details: null, hint: null });
    expect(toApiError(e, true).status).toBe(500);
  });
});
