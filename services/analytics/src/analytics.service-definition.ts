import { Topics } from '@pp/contracts';
import { databaseConsumerGroup, registerTrackingCors, ServiceDefinition } from '@pp/platform';
import { AppModule } from './app.module';
import { AnalyticsConfig, analyticsConfigSchema } from './config';
import { serveTrackingRoute } from './tracking/tracking-route';

/** How the analytics service boots: used by main.ts, the migrate and seed commands and the tests. */
export const analyticsService: ServiceDefinition<AnalyticsConfig> = {
  name: 'analytics',
  configSchema: analyticsConfigSchema,
  module: (config) => AppModule.forRoot(config),
  // practice.changes (the read model: which site key is which practice's); people.lead-events,
  // calendar.appointments and knowledge.changes (the Overview's read models); tracking.pageviews a batch at a
  // time and people.lead-events again for the Realtime feed and identity stitching (src/pageviews).
  consumerGroup: (config) => databaseConsumerGroup('analytics', config.DATABASE_URL),
  // The read models need every practice, lead, appointment and offer ever published (a new database rebuilds
  // them from the topics); other topics start at the latest offset.
  consumeFromBeginning: [
    Topics.practiceChanges,
    Topics.leadEvents,
    Topics.calendarAppointments,
    Topics.knowledgeChanges,
  ],
  // The consumer (the pageview batches, the read models) runs in `worker` and `all` processes; an `api`
  // process serves HTTP only, so the tracking ingress does not share its CPU with the batches (ROLE in README).
  kafkaConsumerRoles: ['worker', 'all'],
  // The ingress answers browsers itself (CORS, text/plain JSON): a Kubernetes ingress routes
  // POST /api/v1/tracking/events straight here, without the gateway (ADR 0033). Its route: 64 KiB, a plain
  // Fastify handler (tracking-route.ts).
  configure: (app) => {
    registerTrackingCors(app.getHttpAdapter().getInstance());
    serveTrackingRoute(app);
  },
};
