import { databaseConsumerGroup } from './consumer-group';

const peopleConsumerGroup = (url: string) => databaseConsumerGroup('people', url);

describe('databaseConsumerGroup', () => {
  it('is shared by the instances of one database, whatever their credentials', () => {
    expect(peopleConsumerGroup('postgres://people:secret@db.internal:5432/practicepilot')).toBe(
      peopleConsumerGroup('postgres://other:hunter2@db.internal/practicepilot'),
    );
  });

  it('differs for another database, so test instances and other stacks never take its events', () => {
    const production = peopleConsumerGroup('postgres://postgres@127.0.0.1:5432/practicepilot');
    expect(peopleConsumerGroup('postgres://postgres@127.0.0.1:5432/practicepilot_e2e')).not.toBe(production);
    expect(peopleConsumerGroup('postgres://postgres@127.0.0.1:5433/practicepilot')).not.toBe(production);
  });

  it('names the service and never carries the password', () => {
    const group = peopleConsumerGroup('postgres://people:secret@db.internal:5432/practicepilot');
    expect(group).toMatch(/^people-[0-9a-f]{12}$/);
    expect(group).not.toContain('secret');
  });
});
