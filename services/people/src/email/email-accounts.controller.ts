import { Controller, Delete, Get, Header, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, CurrentIdentity, Identity } from '@pp/platform';
import { PracticeQuery } from '../persons/dto/practice.query';
import { EmailAccountResponse } from './email-account.response';
import { EmailAccountsService } from './email-accounts.service';
import { EmailException } from './email.exception';

/** A malformed id cannot name an account of the caller: answered like any unknown account. */
const accountIdPipe = new ParseUUIDPipe({ exceptionFactory: () => EmailException.accountNotFound() });

/** docs/product/settings.md#email-accounts: Settings → Email. */
@ApiTags('email accounts')
@ApiBearerAuth()
@ApiErrors(401, 404)
@Controller('api/v1/email/accounts')
export class EmailAccountsController {
  constructor(private readonly accounts: EmailAccountsService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'The practice’s connected e-mail accounts' })
  @ApiOkResponse({ type: [EmailAccountResponse] })
  @ApiErrors(422)
  list(@CurrentIdentity() identity: Identity, @Query() query: PracticeQuery) {
    return this.accounts.list(identity, query.practice_id);
  }

  @Delete(':accountId')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Disconnect an e-mail account: its grant is revoked and its tokens erased' })
  @ApiOkResponse({ type: EmailAccountResponse, description: 'The account as it was' })
  remove(@CurrentIdentity() identity: Identity, @Param('accountId', accountIdPipe) accountId: string) {
    return this.accounts.remove(identity, accountId);
  }
}
