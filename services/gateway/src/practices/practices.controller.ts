import { Body, Controller, Get, Param, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, Identity } from '@pp/platform';
import { CurrentUser } from '../auth/current-auth';
import { UpdatePracticeDto } from './dto/update-practice.dto';
import { PracticeResponse } from './practice.response';
import { PracticesService } from './practices.service';

@ApiTags('practices')
@ApiBearerAuth()
@ApiErrors(401, 404)
@Controller('api/v1/practices/:practiceId')
export class PracticesController {
  constructor(private readonly practices: PracticesService) {}

  @Get()
  @ApiOperation({ summary: 'A practice’s settings' })
  @ApiOkResponse({ type: PracticeResponse })
  get(@CurrentUser() identity: Identity, @Param('practiceId') practiceId: string) {
    return this.practices.get(identity, practiceId);
  }

  @Patch()
  @ApiOperation({ summary: 'Change a practice’s name, website, automation level or outreach preferences' })
  @ApiOkResponse({ type: PracticeResponse })
  @ApiErrors(422)
  update(
    @CurrentUser() identity: Identity,
    @Param('practiceId') practiceId: string,
    @Body() dto: UpdatePracticeDto,
  ) {
    return this.practices.update(identity, practiceId, dto);
  }
}
