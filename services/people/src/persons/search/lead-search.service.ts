import { Injectable } from '@nestjs/common';
import { PersonDto } from '@pp/contracts';
import { assertPracticeAccess, Identity } from '@pp/platform';
import { DataSource } from 'typeorm';
import { SearchPeopleQuery } from '../dto/search-people.query';
import { Person } from '../person.entity';
import { toPersonDto } from '../person-dto';
import { planSearch } from './search-plan';
import { CONTAINS_SQL, PREFIX_SQL } from './search-sql';

/** The top-bar lead search: name, email and phone digits, most recent activity first. */
@Injectable()
export class LeadSearchService {
  constructor(private readonly dataSource: DataSource) {}

  async search(identity: Identity, query: SearchPeopleQuery): Promise<PersonDto[]> {
    const practiceId = assertPracticeAccess(identity, query.practice_id);
    const plan = planSearch(query.q);
    if (plan.kind === 'none') return [];
    const rows: Person[] =
      plan.kind === 'prefix'
        ? await this.dataSource.query(PREFIX_SQL, [practiceId, plan.key, query.limit])
        : await this.dataSource.query(CONTAINS_SQL, [practiceId, plan.pattern, query.limit]);
    return rows.map(toPersonDto);
  }
}
