import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, CurrentIdentity, Identity } from '@pp/platform';
import { PracticeQuery } from '../persons/dto/practice.query';
import { personIdPipe } from '../persons/person-id.pipe';
import { SandboxChannelsResponse, SimulatedReplyDto, SimulatedReplyResponse } from './simulated-reply.dto';
import { SimulatedReplies } from './simulated-replies.service';

/** docs/product/channels.md#simulated-replies: the sandbox's conversation loop for demos. */
@ApiTags('channels')
@ApiBearerAuth()
@ApiErrors(401, 404, 422)
@Controller('api/v1')
export class SimulatedRepliesController {
  constructor(private readonly replies: SimulatedReplies) {}

  @Get('channels/sandbox')
  @ApiOperation({
    summary: 'Which channels of the practice go to the sandbox (then replies can be simulated)',
  })
  @ApiOkResponse({ type: SandboxChannelsResponse })
  sandbox(@CurrentIdentity() identity: Identity, @Query() query: PracticeQuery) {
    return this.replies.sandbox(identity, query.practice_id);
  }

  @Post('people/:personId/simulate-reply')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Record a reply in the lead’s name on a sandboxed channel; the AI answers it as a real one',
  })
  @ApiOkResponse({ type: SimulatedReplyResponse })
  @ApiErrors(409)
  simulate(
    @CurrentIdentity() identity: Identity,
    @Param('personId', personIdPipe) id: string,
    @Body() dto: SimulatedReplyDto,
  ) {
    return this.replies.simulate(identity, id, dto);
  }
}
