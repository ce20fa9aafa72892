import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AdminContext } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { authProvider } from '../providers/authProvider';
import { createDataProvider } from '../providers/dataProvider';
import { i18nProvider } from '../providers/i18nProvider';

/** Test helpers for the settings pages (jsdom): the real data provider and HTTP client over a mocked fetch. */

export const PRACTICE = { practice_id: 'p-glow', name: 'Glow Aesthetics' };

export const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    headers: { 'Content-Type': 'application/json' },
    ...init,
  });

export type Handler = (url: string, init: RequestInit & { body?: string }) => Response | Promise<Response>;

/** A fetch mock answering by `METHOD path` (path without /api/v1, query included); unknown calls are 404. */
export function mockGateway(routes: Record<string, Handler | unknown>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = jest.fn(async (url: string, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.replace(/^\/api\/v1\//, '');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const route = routes[`${method} ${path}`];
    if (route === undefined) return json({ detail: 'Not found' }, { status: 404 });
    if (typeof route === 'function') return (route as Handler)(url, init as RequestInit & { body?: string });
    return json(route);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return { fetchMock, calls };
}

export function renderAt(
  path: string,
  element: ReactElement,
  routePath = '/settings/:category/:action?/:provider?',
) {
  window.localStorage.setItem('access_token', 'tok');
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        authProvider={authProvider}
        dataProvider={createDataProvider()}
        i18nProvider={i18nProvider}
        queryClient={queryClient}
      >
        <Routes>
          <Route path={routePath} element={element} />
          <Route path="/login" element={<p>login page</p>} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
  return { ...view, queryClient };
}
