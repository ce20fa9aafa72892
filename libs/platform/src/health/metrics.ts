import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Histogram, register } from 'prom-client';

let registered = false;

/** Default process metrics plus an HTTP duration histogram labelled by route pattern, not raw URL. */
export function registerHttpMetrics(fastify: FastifyInstance, service: string): void {
  if (!registered) {
    register.setDefaultLabels({ service });
    collectDefaultMetrics();
    registered = true;
  }
  const histogram =
    (register.getSingleMetric('http_request_duration_seconds') as Histogram | undefined) ??
    new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by method, route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    });
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions?.url ?? 'unmatched';
    histogram.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
