import { Injectable } from '@nestjs/common';
import { Identity } from '@pp/platform';
import { DataSource, In } from 'typeorm';
import { AuthException } from '../auth/auth.exception';
import { Practice } from '../practices/practice.entity';
import { User } from './user.entity';

@Injectable()
export class UsersService {
  constructor(private readonly dataSource: DataSource) {}

  async me(identity: Identity) {
    const user = await this.dataSource.getRepository(User).findOneBy({ id: identity.userId });
    // A token of a deleted user is as good as no token.
    if (!user) throw AuthException.invalidToken();
    return { id: user.id, first_name: user.first_name, last_name: user.last_name, email: user.email };
  }

  /** The user's own practices only, by name. */
  async practices(identity: Identity) {
    if (identity.practiceIds.length === 0) return [];
    const practices = await this.dataSource
      .getRepository(Practice)
      .find({ where: { practice_id: In(identity.practiceIds) }, order: { name: 'ASC' } });
    return practices.map((practice) => ({ practice_id: practice.practice_id, name: practice.name }));
  }
}
