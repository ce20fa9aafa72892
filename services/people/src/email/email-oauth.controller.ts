import { Controller, Get, Header, Param, Query, Redirect } from '@nestjs/common';
import { ApiBearerAuth, ApiFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, CurrentIdentity, Identity, OAuthReturnQuery, Public } from '@pp/platform';
import { PracticeQuery } from '../persons/dto/practice.query';
import { EmailAuthorizationResponse } from './email-account.response';
import { EmailOAuthService } from './email-oauth.service';

/** docs/product/settings.md#email-accounts: connecting a Google or Microsoft mailbox. */
@ApiTags('email accounts')
@Controller('api/v1/email/oauth')
export class EmailOAuthController {
  constructor(private readonly oauth: EmailOAuthService) {}

  @Get('authorize/:provider')
  @Header('Cache-Control', 'no-store')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Start connecting a mailbox: the provider’s consent URL' })
  @ApiOkResponse({ type: EmailAuthorizationResponse })
  @ApiErrors(401, 404, 409, 422)
  authorize(
    @CurrentIdentity() identity: Identity,
    @Param('provider') provider: string,
    @Query() query: PracticeQuery,
  ) {
    return this.oauth.authorize(identity, provider, query.practice_id);
  }

  /** Public: the browser arrives from the provider without the console's bearer token; the state names the practice. */
  @Public()
  @Get('callback')
  @Header('Cache-Control', 'no-store')
  @Redirect()
  @ApiOperation({ summary: 'The provider’s return: stores the account, then back to Settings → Email' })
  @ApiFoundResponse({ description: 'To /settings/email, or /settings/email?error=oauth_failed' })
  async callback(@Query() query: OAuthReturnQuery) {
    return { url: await this.oauth.callback(query), statusCode: 302 };
  }
}
