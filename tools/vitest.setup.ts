import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// The files of a worker share the window and the packages (vitest.shared.ts: `isolate: false`);
// the workspace's own modules (stores, query clients, the modules a file mocks) start afresh in
// every file, as they would with per-file isolation, and a file's fake clock ends with it.
vi.resetModules();
afterAll(() => {
  vi.useRealTimers();
});

afterEach(() => cleanup());

// findBy*/waitFor wait up to 5 s instead of 1 s: on the shared 2-core machine, under a full
// `npm test`, a lazily loaded dialog can take over a second to appear. A test that passes
// still passes as soon as its condition holds.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks a few DOM APIs Radix primitives call.
if (typeof Element !== 'undefined') {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.setPointerCapture ??= () => undefined;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
}
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
