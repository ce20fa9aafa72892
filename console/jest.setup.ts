// Set-up for the console's tests (jsdom). jest-dom's matchers, and the browser APIs the console uses that jsdom
// does not implement.
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { runInThisContext } from 'node:vm';

/**
 * Node's own globals (this file runs inside jsdom's window). jsdom has no fetch API; Node 20 has Response,
 * Request and Headers, which behave as a browser's do. Tests still replace `fetch` itself with a jest.fn().
 */
const node = runInThisContext('globalThis') as typeof globalThis;

const borrowed = ['Response', 'Request', 'Headers', 'TextEncoder', 'TextDecoder', 'ReadableStream'] as const;
for (const name of borrowed) {
  if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value: node[name], writable: true });
}
if (!('fetch' in globalThis)) {
  Object.defineProperty(globalThis, 'fetch', {
    value: () => Promise.reject(new Error('fetch is not mocked in this test')),
    writable: true,
  });
}

// MUI's useMediaQuery asks matchMedia; jsdom has none. Nothing matches (the desktop layout).
if (!window.matchMedia) {
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

if (!('ResizeObserver' in globalThis)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(globalThis, 'ResizeObserver', { value: ResizeObserverStub, writable: true });
}

// Every test starts signed out, with no stored practice or panel state.
afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// Component tests that click and type through user-event take 1–3 s each on an idle 2-core machine, and
// several times that when CI runs them beside other suites. The timeout only guards against a hang; speed
// is not asserted in tests (bench/ measures it).
jest.setTimeout(30_000);

// How long findBy* and waitFor wait for the page to show what a test expects: a hang guard, not a speed check.
// Testing Library's 1 s is short for a machine shared with other test runs: there a lazily loaded page (the
// settings pages, Analytics with its charts and map) took longer than 5 s to compile and show the first time.
// Each test's own limit is above it.
configure({ asyncUtilTimeout: 15_000 });
jest.setTimeout(30_000);
