import { Body, Controller, Get, HttpCode, Param, Post, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, Identity } from '@pp/platform';
import { CurrentUser } from '../auth/current-auth';
import { listOf } from '../common/content-range.interceptor';
import { ProvisionVirtualNumberDto } from './dto/provision-virtual-number.dto';
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
  @ApiOperation({ summary: 'The phone numbers a practice sends and receives on, with their capabilities' })
  @ApiOkResponse({ type: [VirtualNumberResponse] })
  list(@CurrentUser() identity: Identity, @Param('practiceId') practiceId: string) {
    return this.numbers.list(identity, practiceId);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Buys a US number with SMS and voice through Twilio (by area code) with the product’s webhooks, for the practice',
    description:
      'The practice’s default number when it has no active one. 409 when Twilio is not configured or has no number in the area code; 503 when Twilio refuses.',
  })
  @ApiErrors(409, 422, 503)
  @ApiCreatedResponse({ type: VirtualNumberResponse })
  provision(
    @CurrentUser() identity: Identity,
    @Param('practiceId') practiceId: string,
    @Body() dto: ProvisionVirtualNumberDto,
  ) {
    return this.numbers.provision(identity, practiceId, dto);
  }
}
