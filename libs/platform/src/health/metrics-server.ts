import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { register } from 'prom-client';
import { BaseConfig, CONFIG } from '../config/config';

/**
 * Prometheus metrics on a port of their own (METRICS_PORT on HOST), never on the service's main port: the
 * main port is reachable through the gateway and from other pods, the metrics port only from monitoring
 * (deploy/k8s/README.md, "Metrics"). METRICS_PORT=0 serves no metrics.
 */
@Injectable()
export class MetricsServer implements OnApplicationShutdown {
  private server: Server | null = null;

  constructor(@Inject(CONFIG) private readonly config: BaseConfig) {}

  /** Starts listening when METRICS_PORT is set; resolves with the port (null when metrics are off). */
  async listen(): Promise<number | null> {
    if (!this.config.METRICS_PORT || this.server) return this.port;
    const server = createServer((request, response) => {
      const path = (request.url ?? '').split('?')[0];
      if (request.method !== 'GET' || path !== '/metrics') {
        response.writeHead(404, { 'Content-Type': 'application/json' }).end('{"detail":"Not found"}');
        return;
      }
      register.metrics().then(
        (text) => response.writeHead(200, { 'Content-Type': register.contentType }).end(text),
        () => response.writeHead(503, { 'Content-Type': 'application/json' }).end('{"detail":"Unavailable"}'),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.METRICS_PORT, this.config.HOST, () => resolve());
    });
    this.server = server;
    return this.port;
  }

  get port(): number | null {
    const address = this.server?.address() as AddressInfo | null | undefined;
    return address ? address.port : null;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
