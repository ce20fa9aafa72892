import { parseSeedOverviewHandoff, SEED_OVERVIEW_HANDOFF_FILE } from '@pp/contracts';
import { readSeedHandoff, seedCommand } from '@pp/platform';
import { analyticsService } from '../analytics.service-definition';
import { seedOverview } from '../overview/overview-seed';
import { analyticsDatabase } from './database';

/**
 * `node services/analytics/dist/database/seed.js`: the analytics service's demo data, idempotent. The Overview's
 * leads, messages and consults come from people's seed, which runs first and hands them over in SEED_HANDOFF_DIR
 * (docs/decisions/0028-overview-metrics.md); without that file nothing is seeded.
 */
seedCommand(analyticsService, analyticsDatabase, async (dataSource) => {
  const { path, text } = readSeedHandoff(SEED_OVERVIEW_HANDOFF_FILE);
  if (text === null) return `no Overview data (people's seed left no handoff at ${path})`;
  const report = await seedOverview(dataSource, parseSeedOverviewHandoff(text));
  return (
    `Overview of ${report.practices} practices: ${report.leads} leads, ${report.messages} messages and ` +
    `${report.consults} consults added (existing ones kept)`
  );
});
