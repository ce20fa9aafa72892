import { createHash } from 'node:crypto';

/**
 * A service's Kafka consumer group, one per database: instances of one deployment share the group (each
 * event is handled by one of them, and a restart resumes from the committed offset), while another
 * deployment or a test instance — each on its own database — gets a group of its own and never takes this
 * one's events. Credentials are left out of the name.
 */
export function databaseConsumerGroup(service: string, databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const where = `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  return `${service}-${createHash('sha256').update(where).digest('hex').slice(0, 12)}`;
}
