import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, CurrentIdentity, Identity } from '@pp/platform';
import { personIdPipe } from '../persons/person-id.pipe';
import { DecisionResultResponse } from './decision-result.response';
import { DecisionsService } from './decisions.service';
import { EditDecisionDto } from './dto/edit-decision.dto';

@ApiTags('people')
@ApiBearerAuth()
@ApiErrors(401, 404, 409, 422)
@Controller('api/v1/people')
export class DecisionsController {
  constructor(private readonly decisions: DecisionsService) {}

  @Post(':personId/approve-decision')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approve the lead’s open AI decision and send it as written' })
  @ApiOkResponse({ type: DecisionResultResponse })
  approve(@CurrentIdentity() identity: Identity, @Param('personId', personIdPipe) id: string) {
    return this.decisions.approve(identity, id);
  }

  @Post(':personId/edit-decision')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Send a corrected message instead of the AI’s, optionally remembered for next time',
  })
  @ApiOkResponse({ type: DecisionResultResponse })
  edit(
    @CurrentIdentity() identity: Identity,
    @Param('personId', personIdPipe) id: string,
    @Body() dto: EditDecisionDto,
  ) {
    return this.decisions.edit(identity, id, dto.corrected_message, dto.remember_correction ?? false);
  }
}
