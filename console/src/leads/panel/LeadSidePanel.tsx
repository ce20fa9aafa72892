/** Placeholder until the lead side panel lands (same change): the AI Assistant panel's content for a lead. */
export function LeadSidePanel(_props: { personId: string }) {
  return null;
}
