import { canAccessPractice, Identity } from '@pp/platform';
import { EntityManager } from 'typeorm';
import { Person } from './person.entity';
import { PersonException } from './person.exception';

/**
 * The caller's lead, row-locked for the rest of the transaction so concurrent changes to it (an edit, an
 * approve, an action) run one after the other and each sees the other's result. Another practice's lead, or
 * none: 404 'Person not found'.
 */
export async function lockOwnedPerson(
  manager: EntityManager,
  identity: Identity,
  personId: string,
): Promise<Person> {
  const person = await manager.findOne(Person, {
    where: { person_id: personId },
    lock: { mode: 'pessimistic_write' },
  });
  if (!person || !canAccessPractice(identity, person.practice_id)) throw PersonException.notFound();
  return person;
}
