import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
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
    if (job.source !== 'ai_decision' || !isQuietHoursChannel(job.channel)) return 0;
    const person = await this.dataSource
      .getRepository(Person)
      .findOne({ where: { person_id: job.person_id }, select: { person_id: true, primary_phone: true } });
    if (!person?.primary_phone) return 0; // the sender refuses it for want of a number
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
    const now = this.clock.now();
    return Math.max(0, nextAllowedTime(job.channel, now, clock).getTime() - now.getTime());
  }
}
