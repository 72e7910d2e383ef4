import { describe, expect, it } from 'vitest';
import { contractMismatches, SHELL_LOADS } from './releases-contract.mjs';

const shell = {
  name: 'shell',
  metaData: { pluginVersion: '2.9.2' },
  shared: [
    { name: 'react', version: '19.3.1', singleton: true, requiredVersion: null },
    { name: 'react-router-dom', version: '7.18.5', singleton: true, requiredVersion: null },
    { name: '@bistro/auth/auth-store', version: '0.1.0', singleton: true, requiredVersion: null },
  ],
};

const games = (over: Record<string, unknown> = {}) => ({
  name: 'games',
  metaData: { pluginVersion: '2.9.2' },
  shared: [
    { name: 'react', version: '19.3.1', singleton: true, requiredVersion: '^19.3.1' },
    { name: 'react-router-dom', version: '7.18.5', singleton: true, requiredVersion: '^7.18.5' },
    { name: '@bistro/auth/auth-store', version: '0.1.0', singleton: true, requiredVersion: null },
  ],
  exposes: [{ name: 'App', path: './App' }],
  ...over,
});

describe('contractMismatches', () => {
  it('accepts an area built from the same workspace', () => {
    expect(contractMismatches({ area: games(), shell, loads: SHELL_LOADS })).toEqual([]);
  });

  it('names a React range the shell cannot satisfy', () => {
    const area = games({
      shared: [{ name: 'react', version: '20.0.0', singleton: true, requiredVersion: '^20.0.0' }],
    });
    expect(contractMismatches({ area, shell, loads: SHELL_LOADS })).toEqual([
      'react: games needs ^20.0.0, the shell provides 19.3.1',
    ]);
  });

  it('names a singleton the shell does not provide', () => {
    const area = games({
      shared: [{ name: 'zustand', version: '5.1.0', singleton: true, requiredVersion: '^5.1.0' }],
    });
    expect(contractMismatches({ area, shell, loads: SHELL_LOADS })).toEqual([
      'zustand: games consumes it but the shell does not provide it',
    ]);
  });

  it('names a Module Federation version mismatch and a missing exposed module, each', () => {
    const area = games({ metaData: { pluginVersion: '2.8.0' }, exposes: [] });
    expect(contractMismatches({ area, shell, loads: SHELL_LOADS })).toEqual([
      'Module Federation: games is built with 2.8.0, the shell with 2.9.2',
      './App: the shell loads it from games, which does not expose it',
    ]);
  });

  it('refuses a manifest without a Module Federation version', () => {
    const area = games({ metaData: {} });
    expect(contractMismatches({ area, shell, loads: SHELL_LOADS })).toEqual([
      'Module Federation version unknown (games: none, shell: 2.9.2)',
    ]);
  });
});
