import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.ts';

export default mergeConfig(
  shared,
  defineConfig({
    test: {
      name: 'games',
      // Some component tests load the real 275,000-word list and lazy page chunks;
      // on a busy CI machine that alone can take several seconds.
      testTimeout: 20_000,
    },
  }),
);
