/** Placeholder until the lead detail lands (same change): the column that shows one lead. */
export function LeadDetail(_props: { personId: string | null }) {
  return null;
}
