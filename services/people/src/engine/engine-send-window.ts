import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import type { SendMessageJob } from '../outreach/jobs/send-message.job';
import { SendWindow } from '../outreach/send-window';
import { Person } from '../persons/person.entity';
import { Clock } from './clock';
import { phoneClock } from './contact-clock';
import { matchedLocation } from './engine-store';
import { leadClock } from './lead-analyzer';
import { PracticeSettings } from './practice-settings';
import { isQuietHoursChannel, nextAllowedTime } from './timing-rules';

/**
 * The send-time check of the lead's calling hours for the AI's texts and calls (AI decisions sent by the engine
 * or approved by staff). Staff's own messages and the one confirmation of an opt-out are theirs to send.
 */
@Injectable()
export class EngineSendWindow extends SendWindow {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: PracticeSettings,
    private readonly clock: Clock,
  ) {
    super();
  }

  async waitFor(job: SendMessageJob): Promise<number> {
    return (await this.waitForMany([job]))[0];
  }

  /** The waits of a batch's sends, with one read of their leads' numbers. */
  override async waitForMany(jobs: readonly SendMessageJob[]): Promise<number[]> {
    const held = jobs.filter((job) => job.source === 'ai_decision' && isQuietHoursChannel(job.channel));
    if (held.length === 0) return jobs.map(() => 0);
    const people = new Map(
      (
        await this.dataSource.getRepository(Person).find({
          where: { person_id: In(held.map((job) => job.person_id)) },
          select: { person_id: true, primary_phone: true },
        })
      ).map((person) => [person.person_id, person]),
    );
    const now = this.clock.now();
    const waits: number[] = [];
    for (const job of jobs) {
      const person = held.includes(job) ? people.get(job.person_id) : undefined;
      if (!person?.primary_phone) {
        waits.push(0); // not held to calling hours, or the sender refuses it for want of a number
        continue;
      }
      // The number's clock is enough almost always; the lead's location is read only when the data lacks it.
      const clock =
        (await phoneClock(person.primary_phone)) ??
        (await leadClock(
          person,
          await matchedLocation(
            this.dataSource.manager,
            await this.settings.practice(job.practice_id),
            person.person_id,
          ),
        ));
      waits.push(Math.max(0, nextAllowedTime(job.channel, now, clock).getTime() - now.getTime()));
    }
    return waits;
  }
}
