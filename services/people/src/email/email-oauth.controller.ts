import { Controller, Get, Header, Param, Query, Redirect, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, CurrentIdentity, Identity, OAuthReturnQuery, Public } from '@pp/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
  async authorize(
    @CurrentIdentity() identity: Identity,
    @Param('provider') provider: string,
    @Query() query: PracticeQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { cookie, ...answer } = await this.oauth.authorize(identity, provider, query.practice_id);
    // The consent is tied to this browser: the callback refuses a state without its cookie.
    void reply.header('Set-Cookie', cookie);
    return answer;
  }

  /** Public: the browser arrives from the provider without the console's bearer token; the state names the practice. */
  @Public()
  @Get('callback')
  @Header('Cache-Control', 'no-store')
  @Redirect()
  @ApiOperation({ summary: 'The provider’s return: stores the account, then back to Settings → Email' })
  @ApiFoundResponse({ description: 'To /settings/email, or /settings/email?error=oauth_failed' })
  async callback(
    @Query() query: OAuthReturnQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const url = await this.oauth.callback(query, request.headers.cookie);
    void reply.header('Set-Cookie', this.oauth.clearedCookie());
    return { url, statusCode: 302 };
  }
}
