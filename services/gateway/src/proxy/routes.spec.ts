import { matchRoute } from './routes';

describe('matchRoute', () => {
  it.each([
    ['/api/v1/people/', 'people', false],
    ['/api/v1/people/stats?practice_id=1', 'people', false],
    ['/api/v1/people/abc/actions', 'people', false],
    ['/api/v1/field-mapping/x', 'people', false],
    ['/api/v1/calendar/appointments', 'calendar', false],
    ['/api/v1/analytics/metrics', 'analytics', false],
    ['/api/v1/tracking/pageview', 'analytics', true],
    ['/api/v1/onboarding/start', 'onboarding', true],
    ['/api/v1/onboarding/session/1/status', 'onboarding', true],
    ['/api/v1/voice/demo/1/call', 'onboarding', true],
    ['/api/v1/procedures/search?q=bo', 'knowledge', false],
    ['/api/v1/practices/p1/knowledge', 'knowledge', false],
    ['/api/v1/practices/p1/knowledge-status', 'knowledge', false],
    ['/api/v1/practices/p1/promotions/3', 'knowledge', false],
  ])('sends %s to %s', (url, service, isPublic) => {
    expect(matchRoute(url)).toEqual({ service, public: isPublic });
  });

  it.each([
    '/api/v1/peoplex',
    '/api/v1/practices/p1',
    '/api/v1/practices/p1/locations/',
    '/api/v1/unknown',
    '/leads',
  ])('leaves %s to the gateway', (url) => {
    expect(matchRoute(url)).toBeNull();
  });
});
