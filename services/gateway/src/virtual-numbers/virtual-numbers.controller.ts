import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { assertPracticeAccess, Identity } from '@pp/platform';
import { DataSource } from 'typeorm';
import { CurrentUser } from '../auth/current-auth';
import { VirtualNumber } from './virtual-number.entity';

@ApiTags('virtual-numbers')
@ApiBearerAuth()
@Controller('api/v1/practices/:practiceId/virtual-numbers')
export class VirtualNumbersController {
  constructor(private readonly dataSource: DataSource) {}

  /** The practice's numbers (spec 3 §3): the AI Communications page derives channel availability from them. */
  @Get()
  async list(@CurrentUser() identity: Identity, @Param('practiceId') practiceId: string) {
    assertPracticeAccess(identity, practiceId);
    const numbers = await this.dataSource
      .getRepository(VirtualNumber)
      .find({ where: { practice_id: practiceId }, order: { phone_number: 'ASC' } });
    return numbers.map((number) => ({ id: number.virtual_number_id, ...number }));
  }
}
