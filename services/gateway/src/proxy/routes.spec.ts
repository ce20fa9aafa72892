import { upstreamUrl } from './request-target';
import { matchRoute, resolveRoute } from './routes';

describe('matchRoute', () => {
  it.each([
    ['/api/v1/people/', 'people', false],
    ['/api/v1/people/stats?practice_id=1', 'people', false],
    ['/api/v1/people/abc/actions', 'people', false],
    ['/api/v1/practices/p1/field-mapping', 'people', false],
    ['/api/v1/practices/p1/blocked-numbers', 'people', false],
    ['/api/v1/practices/p1/blocked-numbers/b1', 'people', false],
    ['/api/v1/email/accounts?practice_id=1', 'people', false],
    ['/api/v1/email/accounts/a1', 'people', false],
    ['/api/v1/email/oauth/authorize/google?practice_id=1', 'people', false],
    ['/api/v1/email/oauth/callback?code=c&state=s', 'people', true],
    ['/api/v1/email/oauth/callback/x', 'people', false],
    ['/api/v1/email/unsubscribe?token=t', 'people', true],
    ['/api/v1/calendar/oauth/callback?code=c&state=s', 'calendar', true],
    ['/api/v1/calendar/oauth/callback/x', 'calendar', false],
    ['/api/v1/calendar/webhooks/ghl', 'calendar', true],
    ['/api/v1/calendar/webhooks/ghl/x', 'calendar', false],
    ['/api/v1/calendar/webhooks/other', 'calendar', false],
    ['/api/v1/calendar/oauth/authorize/ghl?practice_id=1', 'calendar', false],
    ['/api/v1/calendar/integrations/i1/health', 'calendar', false],
    ['/api/v1/channels/twilio/sms', 'people', true],
    ['/api/v1/channels/twilio/voice', 'people', true],
    ['/api/v1/channels/twilio/voice/dial?call=c1', 'people', true],
    ['/api/v1/channels/twilio/voice/gather?call=c1&turn=2', 'people', true],
    ['/api/v1/channels/twilio/voice/recording', 'people', true],
    ['/api/v1/calendar/appointments', 'calendar', false],
    ['/api/v1/analytics/metrics', 'analytics', false],
    ['/api/v1/tracking/events', 'analytics', true],
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
    '/api/v1/emails',
    '/api/v1/channels/twilio/voice/',
    '/api/v1/channels/twilio/voice/other',
    '/api/v1/channels/twilio/voicemail',
    '/api/v1/field-mapping/x',
    '/api/v1/practices/p1/field-mappings',
    '/api/v1/practices/p1',
    '/api/v1/practices/p1/locations/',
    '/api/v1/unknown',
    '/leads',
  ])('leaves %s to the gateway', (url) => {
    expect(matchRoute(url)).toBeNull();
  });
});

describe('resolveRoute (the raw request target, before matching)', () => {
  it('forwards exactly the path it matched, with the original query string', () => {
    expect(resolveRoute('/api/v1/people/search?q=bo%20x&practice_id=1')).toEqual({
      service: 'people',
      public: false,
      path: '/api/v1/people/search',
      query: '?q=bo%20x&practice_id=1',
    });
    expect(resolveRoute('/api/v1/webhooks/twilio/sms')).toMatchObject({
      path: '/api/v1/webhooks/twilio/sms',
      query: '',
    });
  });

  it.each([
    // dot segments, which URL parsers further down would resolve
    '/api/v1/webhooks/../../../metrics',
    '/api/v1/onboarding/../../../api/docs-json',
    '/api/v1/webhooks/..',
    '/api/v1/webhooks/./x',
    '/api/v1/people/../webhooks/x',
    // the same, percent-encoded in every spelling
    '/api/v1/webhooks/%2e%2e/%2e%2e/%2e%2e/metrics',
    '/api/v1/webhooks/%2E%2E/%2E%2E/%2E%2E/metrics',
    '/api/v1/webhooks/.%2e/.%2E/%2e./metrics',
    '/api/v1/webhooks/%2e/x',
    // encoded slashes and backslashes, raw backslashes, empty segments
    '/api/v1/webhooks/..%2f..%2f..%2fmetrics',
    '/api/v1/webhooks/%2F..%2Fmetrics',
    '/api/v1/webhooks/..%5c..%5cmetrics',
    '/api/v1/webhooks/%5C',
    '/api/v1/webhooks\\..\\..\\metrics',
    '/api/v1/webhooks//x',
    '//api/v1/webhooks/x',
    // a fragment, an undecodable segment, a target that is not a path
    '/api/v1/webhooks/x#/../../metrics',
    '/api/v1/webhooks/%zz',
    'http://internal/metrics',
    '*',
  ])('refuses %s', (url) => {
    expect(resolveRoute(url)).toBeNull();
  });

  it('keeps dots that are not whole segments, and dots in the query string', () => {
    expect(resolveRoute('/api/v1/people/a.b/...')).toMatchObject({
      service: 'people',
      path: '/api/v1/people/a.b/...',
    });
    expect(resolveRoute('/api/v1/people/?next=../../metrics')).toMatchObject({
      path: '/api/v1/people/',
      query: '?next=../../metrics',
    });
  });

  it('builds the upstream URL from the owning service origin and the matched path only', () => {
    const route = resolveRoute('/api/v1/people/x?y=1')!;
    expect(upstreamUrl(route, 'http://127.0.0.1:8081')?.href).toBe(
      'http://127.0.0.1:8081/api/v1/people/x?y=1',
    );
    // a path a URL parser would rewrite is not forwarded
    expect(upstreamUrl({ path: '/api/v1/people/{x}', query: '' }, 'http://127.0.0.1:8081')).toBeNull();
  });
});
