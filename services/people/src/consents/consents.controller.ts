import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, CurrentIdentity, Identity } from '@pp/platform';
import { personIdPipe } from '../persons/person-id.pipe';
import { ConsentLedgerResponse } from './consents.response';
import { ConsentsService } from './consents.service';

@ApiTags('people')
@ApiBearerAuth()
@ApiErrors(401, 404)
@Controller('api/v1/people')
export class ConsentsController {
  constructor(private readonly consents: ConsentsService) {}

  @Get(':personId/consents')
  @ApiOperation({
    summary:
      'A lead’s consent ledger: each consent given or refused per channel, its evidence, how it ended, and where each channel stands',
  })
  @ApiOkResponse({ type: ConsentLedgerResponse })
  ledger(@CurrentIdentity() identity: Identity, @Param('personId', personIdPipe) id: string) {
    return this.consents.ledger(identity, id);
  }
}
