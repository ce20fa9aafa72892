import { Controller, Get, Param, UseInterceptors } from '@nestjs/common';
import { listOf } from '../common/content-range.interceptor';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Identity } from '@pp/platform';
import { CurrentUser } from '../auth/current-auth';
import { VirtualNumbersService } from './virtual-numbers.service';

@ApiTags('virtual-numbers')
@ApiBearerAuth()
@Controller('api/v1/practices/:practiceId/virtual-numbers')
export class VirtualNumbersController {
  constructor(private readonly numbers: VirtualNumbersService) {}

  @Get()
  @UseInterceptors(listOf('virtual-numbers'))
  list(@CurrentUser() identity: Identity, @Param('practiceId') practiceId: string) {
    return this.numbers.list(identity, practiceId);
  }
}
