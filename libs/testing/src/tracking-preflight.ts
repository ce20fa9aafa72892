/**
 * A browser's CORS preflight of the public tracking ingress (POST /api/v1/tracking/events), as a practice's page
 * sends it before a JSON post, and what every door of the ingress must answer it with (204): the gateway and
 * analytics itself, where a Kubernetes ingress routes the path (ADR 0033).
 */
export const TRACKING_PREFLIGHT = {
  request: { 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
  answer: {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'POST, OPTIONS',
    'access-control-allow-headers': 'Content-Type',
  },
} as const;
