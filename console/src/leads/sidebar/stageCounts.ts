import type { LeadStatsResponse, StageFilterId } from '@pp/contracts';
import { STAGE_BY_FILTER } from '@pp/contracts';

/**
 * The count badge of a sidebar entry: All Leads is the total, Needs My Review the leads waiting for review,
 * every other entry the leads in its stage. Null until the stats have loaded.
 */
export function stageCount(
  filterId: StageFilterId,
  stats: LeadStatsResponse | null | undefined,
): number | null {
  if (!stats) return null;
  if (filterId === 'all') return stats.total;
  if (filterId === 'review') return stats.needs_review;
  return stats.by_stage?.[STAGE_BY_FILTER[filterId]] ?? 0;
}
