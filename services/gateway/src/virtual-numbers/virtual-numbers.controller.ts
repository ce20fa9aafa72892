import { Controller, Get, Param, UseInterceptors } from '@nestjs/common';
import { listOf } from '../common/content-range.interceptor';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, Identity } from '@pp/platform';
import { CurrentUser } from '../auth/current-auth';
import { VirtualNumberResponse } from './virtual-number.response';
import { VirtualNumbersService } from './virtual-numbers.service';

@ApiTags('virtual-numbers')
@ApiBearerAuth()
@ApiErrors(401, 404)
@Controller('api/v1/practices/:practiceId/virtual-numbers')
export class VirtualNumbersController {
  constructor(private readonly numbers: VirtualNumbersService) {}

  @Get()
  @UseInterceptors(listOf('virtual-numbers'))
  @ApiOperation({ summary: 'The phone numbers a practice sends and receives on' })
  @ApiOkResponse({ type: [VirtualNumberResponse] })
  list(@CurrentUser() identity: Identity, @Param('practiceId') practiceId: string) {
    return this.numbers.list(identity, practiceId);
  }
}
