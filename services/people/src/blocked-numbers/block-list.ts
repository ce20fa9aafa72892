import { EntityManager } from 'typeorm';

/** The key of a practice's number in `blockedAmong`'s answer. */
export const blockKey = (practiceId: string, phone: string) => `${practiceId} ${phone}`;

/**
 * Which of these practices' numbers are on their block lists, in one statement (docs/decisions/0043-number-block-list.md):
 * the keys (`blockKey`) of the blocked ones. Every check before a text or a call reads it — the engine's, staff's
 * and the send ledger's last one — so no path reaches a blocked number.
 */
export async function blockedAmong(
  manager: EntityManager,
  numbers: readonly { practice_id: string; phone: string | null }[],
): Promise<Set<string>> {
  const named = numbers.filter((n): n is { practice_id: string; phone: string } => Boolean(n.phone));
  if (named.length === 0) return new Set();
  const rows: { practice_id: string; phone_number: string }[] = await manager.query(
    `SELECT b."practice_id", b."phone_number" FROM "people"."blocked_numbers" b
       JOIN unnest($1::uuid[], $2::text[]) AS n("practice_id", "phone")
         ON b."practice_id" = n."practice_id" AND b."phone_number" = n."phone"`,
    [named.map((n) => n.practice_id), named.map((n) => n.phone)],
  );
  return new Set(rows.map((row) => blockKey(row.practice_id, row.phone_number)));
}

/** Whether the lead's phone is on its practice's block list. */
export async function isLeadNumberBlocked(
  manager: EntityManager,
  person: { practice_id: string; primary_phone: string | null },
): Promise<boolean> {
  if (!person.primary_phone) return false;
  const blocked = await blockedAmong(manager, [
    { practice_id: person.practice_id, phone: person.primary_phone },
  ]);
  return blocked.size > 0;
}
