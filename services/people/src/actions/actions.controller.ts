import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, CurrentIdentity, Identity } from '@pp/platform';
import { personIdPipe } from '../persons/person-id.pipe';
import { ActionsService } from './actions.service';
import { LeadActionDto } from './dto/lead-action.dto';
import { LeadActionResponseDto } from './lead-action.response';

@ApiTags('people')
@ApiBearerAuth()
@ApiErrors(401, 404, 422)
@Controller('api/v1/people')
export class ActionsController {
  constructor(private readonly actions: ActionsService) {}

  @Post(':personId/actions')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Log an escalation outcome (call, SMS, email, scheduled, removal, snooze) or switch AI/human control',
  })
  @ApiOkResponse({ type: LeadActionResponseDto })
  perform(
    @CurrentIdentity() identity: Identity,
    @Param('personId', personIdPipe) id: string,
    @Body() dto: LeadActionDto,
  ) {
    return this.actions.perform(identity, id, dto);
  }
}
