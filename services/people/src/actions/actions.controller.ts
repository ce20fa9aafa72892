import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, Identity } from '@pp/platform';
import { personIdPipe } from '../persons/person-id.pipe';
import { ActionsService } from './actions.service';
import { LeadActionDto } from './dto/lead-action.dto';

@ApiTags('people')
@Controller('api/v1/people')
export class ActionsController {
  constructor(private readonly actions: ActionsService) {}

  @Post(':personId/actions')
  @HttpCode(200)
  perform(
    @CurrentIdentity() identity: Identity,
    @Param('personId', personIdPipe) id: string,
    @Body() dto: LeadActionDto,
  ) {
    return this.actions.perform(identity, id, dto);
  }
}
