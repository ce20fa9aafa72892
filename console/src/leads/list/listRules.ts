import type { LeadPersonData, StageFilterId } from '@pp/contracts';
import { isStageFilterId, STAGE_BY_FILTER } from '@pp/contracts';
import { en } from '../../i18n/en';

/** Rules of the lead list (docs/product/leads.md#lead-list, #constants). */

/** The new-leads pill counts up to 99 and then shows '99+'. */
export const NEW_LEADS_CAP = 99;

export function newLeadsCount(count: number): string {
  return count > NEW_LEADS_CAP ? `${NEW_LEADS_CAP}+` : String(count);
}

/** The list's stage filter from the URL's ?stage=; anything unknown is 'all'. */
export function parseFilterId(value: string | null | undefined): StageFilterId {
  return isStageFilterId(value) ? value : 'all';
}

/** The query string that keeps a filter in the URL ('' for the default, all leads). */
export function stageQuery(filterId: StageFilterId): string {
  return filterId === 'all' ? '' : `?stage=${filterId}`;
}

/** The sidebar label of a filter, which is also the list's title. */
export function filterLabel(filterId: StageFilterId): string {
  const labels: Record<string, string> = en.pp.leads.filters;
  return labels[filterId] ?? filterId;
}

/** The catalogue text of a stage sidebar group title (PIPELINE, BOOKINGS, ARCHIVE). */
export function groupLabel(title: string): string {
  const labels: Record<string, string> = {
    PIPELINE: en.pp.leads.groups.pipeline,
    BOOKINGS: en.pp.leads.groups.bookings,
    ARCHIVE: en.pp.leads.groups.archive,
  };
  return labels[title] ?? title;
}

/** Whether a lead (as a live broadcast describes it) belongs in the list of a filter. */
export function matchesFilter(
  filterId: StageFilterId,
  lead: Pick<LeadPersonData, 'stage' | 'pending_review_type'> | null | undefined,
): boolean {
  if (filterId === 'all') return true;
  if (!lead) return false;
  if (filterId === 'review') return !!lead.pending_review_type;
  return STAGE_BY_FILTER[filterId] === lead.stage;
}
