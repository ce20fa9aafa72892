import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, Identity } from '@pp/platform';
import { personIdPipe } from '../persons/person-id.pipe';
import { DecisionsService } from './decisions.service';
import { EditDecisionDto } from './dto/edit-decision.dto';

@ApiTags('people')
@Controller('api/v1/people')
export class DecisionsController {
  constructor(private readonly decisions: DecisionsService) {}

  @Post(':personId/approve-decision')
  @HttpCode(200)
  approve(@CurrentIdentity() identity: Identity, @Param('personId', personIdPipe) id: string) {
    return this.decisions.approve(identity, id);
  }

  @Post(':personId/edit-decision')
  @HttpCode(200)
  edit(
    @CurrentIdentity() identity: Identity,
    @Param('personId', personIdPipe) id: string,
    @Body() dto: EditDecisionDto,
  ) {
    return this.decisions.edit(identity, id, dto.corrected_message, dto.remember_correction ?? false);
  }
}
