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

export interface StageFilterEntry {
  id: StageFilterId;
  /** The sidebar label and the list title. */
  label: string;
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
      { id: 'all', label: 'All Leads' },
      { id: 'review', label: 'Needs My Review' },
      { id: 'escalated', label: 'Human Escalated' },
      { id: 'attempting', label: 'Attempting Contact' },
      { id: 'conversations', label: 'Active Conversations' },
    ],
  },
  {
    title: 'BOOKINGS',
    entries: [
      { id: 'consultations', label: 'Consultations' },
      { id: 'noshowcancelled', label: 'No Show / Cancelled' },
      { id: 'postconsultations', label: 'Post Consultations' },
      { id: 'procedures', label: 'Booked Procedures' },
    ],
  },
  { title: 'ARCHIVE', entries: [{ id: 'closed', label: 'Closed / Lost' }] },
];

export function isStageFilterId(value: unknown): value is StageFilterId {
  return typeof value === 'string' && (value === 'all' || value === 'review' || value in STAGE_BY_FILTER);
}
