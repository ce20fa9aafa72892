import { looksPersonal, redactUrl } from './redact-url';

describe('redactUrl', () => {
  it.each([
    [
      '/api/v1/people/search?q=Amelia%20Brooks&practice_id=p1',
      '/api/v1/people/search?q=[redacted]&practice_id=p1',
    ],
    ['/api/v1/people/search?practice_id=p1&q=555', '/api/v1/people/search?practice_id=p1&q=[redacted]'],
    ['/api/v1/practices/p1/events?token=eyJhbGciOi.x.y', '/api/v1/practices/p1/events?token=[redacted]'],
    ['/x?access_token=abc&Token=def', '/x?access_token=[redacted]&Token=[redacted]'],
    ['/x?search=brooks', '/x?search=[redacted]'],
    ['/x?phone=%2B1%20(512)%20555-0199', '/x?phone=[redacted]'],
    ['/x?to=5125550199', '/x?to=[redacted]'],
    ['/x?to=%28512%29+555-0199', '/x?to=[redacted]'],
    ['/x?to=512.555.0199', '/x?to=[redacted]'],
    ['/x?contact=amelia%40example.com', '/x?contact=[redacted]'],
    ['/x?contact=amelia@example.com&stage=Lead', '/x?contact=[redacted]&stage=Lead'],
    ['/x?amelia@example.com', '/x?[redacted]'],
    ['/x?amelia@example.com=1', '/x?[redacted]'],
    ['/x?q[]=amelia', '/x?q[]=[redacted]'],
    ['/api/v1/people/by-phone/5125550199', '/api/v1/people/by-phone/[redacted]'],
    ['/api/v1/people/by-email/amelia%40example.com/events', '/api/v1/people/by-email/[redacted]/events'],
    ['/x?broken=%E0%A4%A', '/x?broken=[redacted]'],
  ])('redacts %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each([
    '/api/v1/people/?practice_id=3f1c2a9e-6b1d-4c8e-9a57-0b6f4d2e8c11&stage=Lead&limit=50',
    '/api/v1/people/12345678-1234-4123-8123-123456789012/events?limit=20',
    '/api/v1/calendar/appointments?from=2026-11-22&to=2026-11-29T00:00:00Z',
    '/api/v1/people/?after=eyJjcmVhdGVkQXQiOiIyMDI1In0&limit=25',
    '/api/v1/analytics/metrics?days=30&year=2026',
    '/health/ready',
    '/',
  ])('keeps %s readable', (url) => {
    expect(redactUrl(url)).toBe(url);
  });

  it('answers an empty string for a missing URL', () => {
    expect(redactUrl(undefined)).toBe('');
  });
});

describe('looksPersonal', () => {
  it.each(['5125550199', '+1 512 555 0199', '(512) 555-0199', '555-0199', 'a.b@clinic.example'])(
    '%s is personal',
    (value) => expect(looksPersonal(value)).toBe(true),
  );

  it.each(['Lead', '50', '2026-11-22', '2026-11-22T10:00:00Z', '123456', '1234567890123456', 'abc-123-4567'])(
    '%s is not',
    (value) => expect(looksPersonal(value)).toBe(false),
  );
});
