let made = 0;

/**
 * A US number of the area code (Dallas unless told), new on each call within a run, in E.164 and as a visitor
 * types it. The area code sets the lead's clock (its zone and state's calling hours: src/engine/contact-clock.ts).
 */
export function usPhone(areaCode = '214'): { typed: string; e164: string } {
  made++;
  const last4 = String(1000 + ((Date.now() + made * 37) % 9000)).padStart(4, '0');
  return { typed: `(${areaCode}) 555-${last4}`, e164: `+1${areaCode}555${last4}` };
}
