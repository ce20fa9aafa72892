/** Lead stage values (docs/product/leads.md#stages). */
export const LEAD_STAGES = [
  'Lead',
  'Attempting Contact',
  'Active Conversation',
  'Scheduled',
  'Post Consultation',
  'No Show / Cancelled',
  'Booked Procedure',
  'Closed - Lost',
  'Escalated',
] as const;

export type LeadStage = (typeof LEAD_STAGES)[number];

export function isLeadStage(value: unknown): value is LeadStage {
  return typeof value === 'string' && (LEAD_STAGES as readonly string[]).includes(value);
}
