// @vitest-environment node
import { loadDictionary } from './dictionary';
import { STARTING_WORDS } from './word-chain-machine';

describe('loadDictionary', () => {
  it('knows common English words and every starting word', async () => {
    const isWord = await loadDictionary();
    for (const word of ['cat', 'tiger', 'rhythm', 'lounge', 'microphone', 'saxophone']) {
      expect(isWord(word)).toBe(true);
    }
    for (const word of STARTING_WORDS) expect(isWord(word)).toBe(true);
  });

  it('rejects strings that are not words', async () => {
    const isWord = await loadDictionary();
    for (const word of ['cxq', 'zzzzzz', 'asdfgh', '']) expect(isWord(word)).toBe(false);
  });

  it('loads the list once and shares it', async () => {
    expect(loadDictionary()).toBe(loadDictionary());
  });
});
