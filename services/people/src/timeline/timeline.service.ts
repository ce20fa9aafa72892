import { Injectable } from '@nestjs/common';
import { TimelineEventDto } from '@pp/contracts';
import { canAccessPractice, Identity } from '@pp/platform';
import { DataSource } from 'typeorm';
import { PersonException } from '../persons/person.exception';
import { Person } from '../persons/person.entity';
import { TimelineEvent } from './timeline-event.entity';
import { toTimelineEventDto } from './timeline-event-dto';

@Injectable()
export class TimelineService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * A lead's latest events, newest first (events_person_timestamp_idx). pending_review events are included:
   * the console hides them from the timeline but reads the open decision from them.
   */
  async latest(identity: Identity, personId: string, limit: number): Promise<TimelineEventDto[]> {
    const person = await this.dataSource
      .getRepository(Person)
      .findOne({ where: { person_id: personId }, select: { person_id: true, practice_id: true } });
    if (!person || !canAccessPractice(identity, person.practice_id)) throw PersonException.notFound();
    const events = await this.dataSource.getRepository(TimelineEvent).find({
      where: { person_id: personId },
      order: { timestamp: 'DESC', event_id: 'DESC' },
      take: limit,
    });
    return events.map(toTimelineEventDto);
  }
}
