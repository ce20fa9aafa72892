import { registerTrackingCors, ServiceDefinition } from '@pp/platform';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { AppModule } from './app.module';
import { AuditRecorder } from './audit/audit-recorder';
import { GatewayConfig, gatewayConfigSchema } from './config';
import { registerConsole } from './console/console';
import { registerSecurityHeaders } from './console/security-headers';
import { registerTrackingScript } from './console/tracking-script';
import { registerOpenApi } from './docs/openapi';
import { registerProxy } from './proxy/proxy';
import { RealtimeServer } from './realtime/realtime.server';

/**
 * How the gateway boots. Its Kafka consumer group is unique per instance: every instance receives every
 * lead event and pushes it to its own sockets, so any number of instances can run.
 */
export const gatewayService: ServiceDefinition<GatewayConfig> = {
  name: 'gateway',
  configSchema: gatewayConfigSchema,
  module: (config) => AppModule.forRoot(config),
  consumerGroup: () => `gateway-live-${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`,
  openApi: false,
  configure: async (app, config) => {
    // Before any route: every audited request, forwarded or answered here, is filed once answered.
    app.get(AuditRecorder).register(app.getHttpAdapter().getInstance());
    await registerSecurityHeaders(app, config.MAP_TILES_URL);
    registerTrackingCors(app.getHttpAdapter().getInstance());
    await registerProxy(app, config);
    registerOpenApi(app, config);
    registerTrackingScript(app, config.TRACKER_SCRIPT);
    await registerConsole(app, config.CONSOLE_DIR, config.MAP_TILES_URL);
    app.get(RealtimeServer).attach(app.getHttpServer());
  },
};
