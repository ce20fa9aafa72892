import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Membership } from './membership.entity';
import { User } from './user.entity';

export interface Principal {
  practiceIds: string[];
  /** Full name, else the email: who performed an action, as timeline events show it. */
  name: string;
  /** The sign-in e-mail: who made a request, as the audit log keeps it. */
  email: string;
}

const CACHE_MS = 30_000;

/**
 * The practices a user belongs to, cached briefly in memory: every forwarded request needs them.
 * Membership changes (none through the API yet) call `forget`.
 */
@Injectable()
export class MembershipsService {
  private readonly cache = new Map<string, { principal: Principal; until: number }>();

  constructor(private readonly dataSource: DataSource) {}

  async practiceIds(userId: string): Promise<string[]> {
    return (await this.principal(userId)).practiceIds;
  }

  /** The user's practices and display name, cached together. */
  async principal(userId: string): Promise<Principal> {
    const cached = this.cache.get(userId);
    if (cached && cached.until > Date.now()) return cached.principal;
    const [rows, user] = await Promise.all([
      this.dataSource
        .getRepository(Membership)
        .find({ where: { user_id: userId }, order: { created_at: 'ASC' } }),
      this.dataSource.getRepository(User).findOneBy({ id: userId }),
    ]);
    const fullName = [user?.first_name, user?.last_name].filter(Boolean).join(' ').trim();
    const principal = {
      practiceIds: rows.map((row) => row.practice_id),
      name: fullName || user?.email || '',
      email: user?.email ?? '',
    };
    this.cache.set(userId, { principal, until: Date.now() + CACHE_MS });
    return principal;
  }

  forget(userId: string): void {
    this.cache.delete(userId);
  }
}
