import { Injectable } from '@nestjs/common';
import { normalizeUsPhone, PersonDto } from '@pp/contracts';
import { assertPracticeAccess, canAccessPractice, Identity } from '@pp/platform';
import { DataSource } from 'typeorm';
import { EngineTrigger } from '../engine/engine-trigger';
import { LeadActivity } from '../timeline/lead-activity';
import { CreatePersonDto } from './dto/create-person.dto';
import { UpdatePersonDto } from './dto/update-person.dto';
import { Person } from './person.entity';
import { PersonException } from './person.exception';
import { toPersonDto } from './person-dto';
import { planPersonPatch } from './person-patch';
import { lockOwnedPerson } from './lock-owned-person';

@Injectable()
export class PersonsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly activity: LeadActivity,
    private readonly engine: EngineTrigger,
  ) {}

  /** Creates a lead and, in the same transaction, its `lead_created` event and the engine's work on it. */
  async create(identity: Identity, dto: CreatePersonDto): Promise<PersonDto> {
    assertPracticeAccess(identity, dto.practice_id);
    const person = await this.dataSource.transaction(async (manager) => {
      const created = await manager.save(
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
      await this.activity.announce(manager, created, 'lead_created');
      // A lead staff add enters the AI engine like a form (docs/product/ai-engine.md#understanding-deciding-acting).
      await this.engine.inquiryReceived(manager, {
        practice_id: created.practice_id,
        person_id: created.person_id,
        event_id: null,
        channel: 'manual',
        received_at: created.created_at,
      });
      return created;
    });
    return toPersonDto(person);
  }

  async get(identity: Identity, personId: string): Promise<PersonDto> {
    const person = await this.dataSource.getRepository(Person).findOneBy({ person_id: personId });
    if (!person || !canAccessPractice(identity, person.practice_id)) throw PersonException.notFound();
    return toPersonDto(person);
  }

  /**
   * Applies an inline edit (docs/product/leads.md#lead-fields). Each field whose stored value changes gets a
   * `person_field_updated`
   * event, and with it a `lead_updated` broadcast; an edit that changes nothing writes nothing.
   */
  async update(identity: Identity, personId: string, dto: UpdatePersonDto): Promise<PersonDto> {
    return this.dataSource.transaction(async (manager) => {
      const person = await lockOwnedPerson(manager, identity, personId);
      const changes = planPersonPatch(person, dto);
      if (changes.length === 0) return toPersonDto(person);
      for (const change of changes) Object.assign(person, { [change.field]: change.new_value });
      await manager.save(person);
      for (const change of changes) {
        await this.activity.append(manager, person, {
          event_type: 'person_field_updated',
          content_data: { ...change },
          event_metadata: { source: 'human_action', performed_by_name: identity.name ?? null },
        });
      }
      return toPersonDto(await manager.findOneByOrFail(Person, { person_id: personId }));
    });
  }

  /** Opening a lead with unseen activity clears its blue dot (docs/product/leads.md#seen-state); again is a no-op. */
  async markSeen(identity: Identity, personId: string): Promise<PersonDto> {
    return this.dataSource.transaction(async (manager) => {
      const person = await lockOwnedPerson(manager, identity, personId);
      if (!person.is_unseen) return toPersonDto(person);
      person.is_unseen = false;
      person.last_seen_at = new Date();
      await manager.save(person);
      await this.activity.announce(manager, person, 'lead_updated');
      return toPersonDto(person);
    });
  }
}
