import { Injectable } from '@nestjs/common';
import { LeadEventV1, normalizeUsPhone, Topics } from '@pp/contracts';
import { assertOwned, assertPracticeAccess, Identity, Outbox } from '@pp/platform';
import { DataSource } from 'typeorm';
import { CreatePersonDto } from './dto/create-person.dto';
import { Person } from './person.entity';

import { toPersonData } from './person-data';

@Injectable()
export class PersonsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  /** Creates a lead and, in the same transaction, its `lead_created` event. */
  async create(identity: Identity, dto: CreatePersonDto): Promise<Person> {
    assertPracticeAccess(identity, dto.practice_id);
    return this.dataSource.transaction(async (manager) => {
      const person = await manager.save(
        manager.create(Person, {
          practice_id: dto.practice_id,
          first_name: dto.first_name?.trim() || null,
          last_name: dto.last_name?.trim() || null,
          primary_phone: dto.primary_phone ? normalizeUsPhone(dto.primary_phone) : null,
          primary_email: dto.primary_email?.trim().toLowerCase() || null,
          stage: dto.stage ?? 'Lead',
          last_activity_at: new Date(),
        }),
      );
      await this.outbox.add<LeadEventV1>(manager, Topics.leadEvents, {
        type: 'lead_created',
        practice_id: person.practice_id,
        person_id: person.person_id,
        person_data: toPersonData(person),
      });
      return person;
    });
  }

  async get(identity: Identity, personId: string): Promise<Person> {
    const person = await this.dataSource.getRepository(Person).findOneBy({ person_id: personId });
    return assertOwned(identity, person, 'Person');
  }
}
