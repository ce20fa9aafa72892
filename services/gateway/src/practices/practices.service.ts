import { Inject, Injectable } from '@nestjs/common';
import { PracticeUpdatedV1, Topics } from '@pp/contracts';
import { assertPracticeAccess, CONFIG, Identity, Outbox } from '@pp/platform';
import { DataSource } from 'typeorm';
import { GatewayConfig } from '../config';
import { UpdatePracticeDto } from './dto/update-practice.dto';
import {
  mergeOutreachPreferences,
  storedPreferencesProblem,
  validateOutreachPreferences,
} from './outreach-preferences';
import { Practice } from './practice.entity';
import { PracticeException, PracticeMessages } from './practice.exception';
import { toPracticeSnapshot } from './practice-snapshot';
import { normalizeWebsiteUrl } from './website-url';

@Injectable()
export class PracticesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    @Inject(CONFIG) private readonly config: GatewayConfig,
  ) {}

  async get(identity: Identity, practiceId: string) {
    assertPracticeAccess(identity, practiceId);
    const practice = await this.dataSource.getRepository(Practice).findOneBy({ practice_id: practiceId });
    if (!practice) throw PracticeException.notFound();
    return toPracticeSnapshot(practice);
  }

  /** Applies a partial update and emits practice_updated in the same transaction. */
  async update(identity: Identity, practiceId: string, dto: UpdatePracticeDto) {
    assertPracticeAccess(identity, practiceId);
    const changes = this.validated(dto);
    return this.dataSource.transaction(async (manager) => {
      const practice = await manager.findOne(Practice, {
        where: { practice_id: practiceId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!practice) throw PracticeException.notFound();
      if (changes.name !== undefined) practice.name = changes.name;
      if (changes.website_url !== undefined) practice.website_url = changes.website_url;
      if (changes.automation_level !== undefined) practice.automation_level = changes.automation_level;
      if (changes.outreach_preferences !== undefined) {
        const merged = mergeOutreachPreferences(practice.outreach_preferences, changes.outreach_preferences);
        const problem = storedPreferencesProblem(merged);
        if (problem) throw PracticeException.invalid(problem);
        practice.outreach_preferences = merged;
      }
      const saved = await manager.save(practice);
      const snapshot = toPracticeSnapshot(saved);
      await this.outbox.add<PracticeUpdatedV1>(manager, Topics.practiceChanges, {
        type: 'practice_updated',
        practice_id: practiceId,
        practice: snapshot,
      });
      return snapshot;
    });
  }

  private validated(dto: UpdatePracticeDto): UpdatePracticeDto {
    const changes: UpdatePracticeDto = { ...dto };
    if (dto.name !== undefined) changes.name = dto.name.trim();
    if (changes.name === '') throw PracticeException.invalid(PracticeMessages.nameRequired);
    if (dto.website_url !== undefined && dto.website_url !== null) {
      const url = normalizeWebsiteUrl(dto.website_url, this.config.CRAWL_ALLOWED_HOSTS);
      if (url === null) throw PracticeException.invalid(PracticeMessages.website);
      changes.website_url = url || null;
    }
    if (dto.outreach_preferences !== undefined) {
      const problem = validateOutreachPreferences(dto.outreach_preferences);
      if (problem) throw PracticeException.invalid(problem);
    }
    return changes;
  }
}
