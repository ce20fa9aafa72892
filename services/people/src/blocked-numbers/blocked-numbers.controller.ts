import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { ApiErrors, CurrentIdentity, Identity } from '@pp/platform';
import {
  BlockedNumberListResponse,
  BlockedNumberResponse,
  blockNumberBodySchema,
} from './blocked-number.response';
import { BlockedNumbersService } from './blocked-numbers.service';

/** docs/decisions/0043-number-block-list.md: Settings › Security, the block list. */
@ApiTags('blocked numbers')
@ApiBearerAuth()
@ApiErrors(401, 404)
@Controller('api/v1/practices/:practiceId/blocked-numbers')
export class BlockedNumbersController {
  constructor(private readonly blockedNumbers: BlockedNumbersService) {}

  @Get()
  @ApiOperation({ summary: 'The numbers the practice never texts or calls, newest first' })
  @ApiOkResponse({ type: BlockedNumberListResponse })
  list(@CurrentIdentity() identity: Identity, @Param('practiceId') practiceId: string) {
    return this.blockedNumbers.list(identity, practiceId);
  }

  @Post()
  @ApiOperation({ summary: 'Block a number: the product never texts or calls it' })
  @ApiBody({ schema: blockNumberBodySchema })
  @ApiCreatedResponse({ type: BlockedNumberResponse })
  @ApiErrors(409, 422)
  add(@CurrentIdentity() identity: Identity, @Param('practiceId') practiceId: string, @Body() body: unknown) {
    return this.blockedNumbers.add(identity, practiceId, body);
  }

  @Delete(':blockedNumberId')
  @ApiOperation({ summary: 'Unblock a number' })
  @ApiOkResponse({ type: BlockedNumberResponse, description: 'The entry as it was' })
  remove(
    @CurrentIdentity() identity: Identity,
    @Param('practiceId') practiceId: string,
    @Param('blockedNumberId') blockedNumberId: string,
  ) {
    return this.blockedNumbers.remove(identity, practiceId, blockedNumberId);
  }
}
