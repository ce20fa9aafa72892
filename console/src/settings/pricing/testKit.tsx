import { Notification } from 'react-admin';
import { renderAt } from '../testKit';
// Loaded up front, so the page's lazy import resolves at once and a first test does not wait for the module tree.
import './PricingPage';
import { PricingSettings } from './PricingSettings';
import type { ProcedureSummaryItem, Promotion } from './types';

/** Test data for the pricing page's specs (jsdom and unit tests only). */

export function anItem(
  changes: Partial<ProcedureSummaryItem> & { procedure_id: string },
): ProcedureSummaryItem {
  return {
    procedure_name: changes.procedure_id,
    category_id: null,
    category_name: null,
    parent_id: null,
    parent_name: null,
    history_count: 0,
    has_promotion: false,
    offerings: {
      all_locations: { offered: false, pricing: null, practice_procedure_id: null },
      locations: {},
    },
    ...changes,
  };
}

export function aPromotion(changes: Partial<Promotion> & { promotion_id: string }): Promotion {
  return {
    name: changes.promotion_id,
    type: 'percent_discount',
    amount: 20,
    location_id: null,
    location_name: null,
    scope: 'All procedures',
    selected_procedures: [],
    is_all_procedures: true,
    start: '2026-11-01',
    end: '2026-12-31',
    terms: null,
    status: 'current',
    ...changes,
  };
}

export const PRACTICE_ID = 'p-glow';
export const LOCATIONS = [
  { location_id: 'loc-a', name: 'Downtown' },
  { location_id: 'loc-b', name: 'Uptown' },
];

type Route = unknown | ((body: unknown, path: string) => unknown);

/**
 * A fetch mock for the pricing page: answers by `METHOD path` (path without /api/v1/ and without the query),
 * the practice's locations included (with the Content-Range header the data provider reads); unknown calls
 * are 404. Every call is recorded with its full path and body.
 */
export function mockPricingApi(routes: Record<string, Route>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const all: Record<string, Route> = { [`GET practices/${PRACTICE_ID}/locations`]: LOCATIONS, ...routes };
  global.fetch = jest.fn(async (url: string, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.replace(/^\/api\/v1\//, '');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const route = all[`${method} ${path.split('?')[0].replace(/\/$/, '')}`];
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (route === undefined)
      return new Response(JSON.stringify({ detail: 'Not found' }), { status: 404, headers });
    const answer =
      typeof route === 'function' ? await (route as (b: unknown, p: string) => unknown)(body, path) : route;
    if (answer instanceof Response) return answer;
    if (Array.isArray(answer))
      headers['Content-Range'] = `items 0-${Math.max(answer.length - 1, 0)}/${answer.length}`;
    return new Response(JSON.stringify(answer ?? null), { status: 200, headers });
  }) as unknown as typeof fetch;
  return {
    calls,
    sent: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}

export function renderPricing(path = '/settings/pricing') {
  return renderAt(
    path,
    <>
      <PricingSettings practiceId={PRACTICE_ID} />
      <Notification />
    </>,
    '/settings/:category',
  );
}
