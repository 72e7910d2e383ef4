// @vitest-environment node
import { questionBank } from './question-bank';

describe('questionBank', () => {
  it('has at least 30 questions covering bistro, music and Cleveland', () => {
    expect(questionBank.length).toBeGreaterThanOrEqual(30);
    const categories = new Set(questionBank.map((q) => q.category));
    expect(categories).toEqual(new Set(['Bistro', 'Music', 'Cleveland']));
  });

  it('has unique ids and prompts', () => {
    expect(new Set(questionBank.map((q) => q.id)).size).toBe(questionBank.length);
    expect(new Set(questionBank.map((q) => q.prompt)).size).toBe(questionBank.length);
  });

  it.each(questionBank.map((q) => [q.id, q] as const))(
    '%s has 4 distinct options and a valid answer',
    (_id, question) => {
      expect(question.options).toHaveLength(4);
      expect(new Set(question.options).size).toBe(4);
      expect(question.options[question.answer]).toBeDefined();
    },
  );
});
