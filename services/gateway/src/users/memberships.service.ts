import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Membership } from './membership.entity';

const CACHE_MS = 30_000;

/**
 * The practices a user belongs to, cached briefly in memory: every forwarded request needs them.
 * Membership changes (none through the API yet) call `forget`.
 */
@Injectable()
export class MembershipsService {
  private readonly cache = new Map<string, { practiceIds: string[]; until: number }>();

  constructor(private readonly dataSource: DataSource) {}

  async practiceIds(userId: string): Promise<string[]> {
    const cached = this.cache.get(userId);
    if (cached && cached.until > Date.now()) return cached.practiceIds;
    const rows = await this.dataSource
      .getRepository(Membership)
      .find({ where: { user_id: userId }, order: { created_at: 'ASC' } });
    const practiceIds = rows.map((row) => row.practice_id);
    this.cache.set(userId, { practiceIds, until: Date.now() + CACHE_MS });
    return practiceIds;
  }

  forget(userId: string): void {
    this.cache.delete(userId);
  }
}
