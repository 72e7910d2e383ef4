// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DataError, errorCode, errorMessage, isUniqueViolation, unwrap } from './errors';

describe('data errors', () => {
  it('unwraps data and throws the server error with its code', () => {
    expect(unwrap({ data: [1, 2], error: null })).toEqual([1, 2]);
    try {
      unwrap({
        data: null,
        error: { code: '23505', message: 'duplicate key value', details: 'd', hint: null },
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DataError);
      expect(isUniqueViolation(error)).toBe(true);
      expect(errorMessage(error)).toBe('duplicate key value');
    }
  });

  it('reads codes and messages defensively', () => {
    expect(errorCode({ code: 42501 })).toBeUndefined();
    expect(errorCode(null)).toBeUndefined();
    expect(errorMessage({ message: '' })).toBeUndefined();
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
  });
});
