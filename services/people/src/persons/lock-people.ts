import { EntityManager, In } from 'typeorm';
import { Person } from './person.entity';

/**
 * Several leads, row-locked for the rest of the caller's transaction, by id. They are locked in id order, so two
 * batches sharing a lead cannot deadlock (ADR 0032).
 */
export async function lockPeople(
  manager: EntityManager,
  personIds: readonly string[],
): Promise<Map<string, Person>> {
  const people = await manager.find(Person, {
    where: { person_id: In([...new Set(personIds)]) },
    order: { person_id: 'ASC' },
    lock: { mode: 'pessimistic_write' },
  });
  return new Map(people.map((person) => [person.person_id, person]));
}
