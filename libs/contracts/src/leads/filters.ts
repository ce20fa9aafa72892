import { LeadStage } from './stages';

/** The stage sidebar's filter ids (docs/product/leads.md#filters). */
export type StageFilterId =
  | 'all'
  | 'review'
  | 'escalated'
  | 'attempting'
  | 'conversations'
  | 'consultations'
  | 'noshowcancelled'
  | 'postconsultations'
  | 'procedures'
  | 'closed';

/** Filter id → stage, for the filters that are a stage ('all' and 'review' are special). */
export const STAGE_BY_FILTER: Readonly<Record<Exclude<StageFilterId, 'all' | 'review'>, LeadStage>> = {
  attempting: 'Attempting Contact',
  conversations: 'Active Conversation',
  escalated: 'Escalated',
  consultations: 'Scheduled',
  postconsultations: 'Post Consultation',
  noshowcancelled: 'No Show / Cancelled',
  procedures: 'Booked Procedure',
  closed: 'Closed - Lost',
};

/** A sidebar entry; its label (also the list title) is the console's text `pp.leads.filters.<id>`. */
export interface StageFilterEntry {
  id: StageFilterId;
}

export interface StageFilterGroup {
  title: string;
  entries: StageFilterEntry[];
}

/** The stage sidebar, in order (docs/product/leads.md#stage-sidebar). */
export const STAGE_SIDEBAR: readonly StageFilterGroup[] = [
  {
    title: 'PIPELINE',
    entries: [
      { id: 'all' },
      { id: 'review' },
      { id: 'escalated' },
      { id: 'attempting' },
      { id: 'conversations' },
    ],
  },
  {
    title: 'BOOKINGS',
    entries: [
      { id: 'consultations' },
      { id: 'noshowcancelled' },
      { id: 'postconsultations' },
      { id: 'procedures' },
    ],
  },
  { title: 'ARCHIVE', entries: [{ id: 'closed' }] },
];

export function isStageFilterId(value: unknown): value is StageFilterId {
  return typeof value === 'string' && (value === 'all' || value === 'review' || value in STAGE_BY_FILTER);
}
