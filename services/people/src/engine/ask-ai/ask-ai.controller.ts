import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, CurrentIdentity, Identity } from '@pp/platform';
import { personIdPipe } from '../../persons/person-id.pipe';
import { AskAiDto, AskAiResponse } from './ask-ai.dto';
import { AskAiService } from './ask-ai.service';

@ApiTags('people')
@ApiBearerAuth()
@ApiErrors(401, 404, 422)
@Controller('api/v1/people')
export class AskAiController {
  constructor(private readonly askAi: AskAiService) {}

  @Post(':personId/ask-ai')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Ask the AI about a lead: answered from its timeline and the practice’s knowledge, with citations',
  })
  @ApiOkResponse({ type: AskAiResponse })
  ask(
    @CurrentIdentity() identity: Identity,
    @Param('personId', personIdPipe) id: string,
    @Body() dto: AskAiDto,
  ) {
    return this.askAi.ask(identity, id, dto.question);
  }
}
