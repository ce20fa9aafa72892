import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  Param,
  Post,
  Put,
  Query,
  Redirect,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiTags,
} from '@nestjs/swagger';
import { PracticeApiMessages } from '@pp/contracts';
import { ApiErrors, CurrentIdentity, Identity, OAuthReturnQuery, Public } from '@pp/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IsNotEmpty, IsString } from 'class-validator';
import { CalendarOAuthService } from './calendar-oauth.service';
import {
  AuthorizationUrlResponse,
  CalendarAssignmentResponse,
  CalendarIntegrationResponse,
  IntegrationHealthResponse,
  ProviderCalendarsResponse,
  SavedAssignmentsResponse,
} from './integrations.responses';
import { IntegrationsService } from './integrations.service';

/** `?practice_id=` of the calendar settings calls. */
export class CalendarPracticeQuery {
  @ApiProperty({ format: 'uuid' })
  @IsString({ message: PracticeApiMessages.practiceIdRequired })
  @IsNotEmpty({ message: PracticeApiMessages.practiceIdRequired })
  practice_id: string;
}

/** docs/product/calendar.md#integrations: Settings → Calendar's calls. */
@ApiTags('calendar integrations')
@ApiBearerAuth()
@Controller('api/v1/calendar')
export class IntegrationsController {
  constructor(
    private readonly integrations: IntegrationsService,
    private readonly oauth: CalendarOAuthService,
  ) {}

  @Get('integrations')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'The practice’s calendar integrations (never their tokens)' })
  @ApiOkResponse({ type: [CalendarIntegrationResponse] })
  @ApiErrors(401, 404, 422)
  list(@CurrentIdentity() identity: Identity, @Query() query: CalendarPracticeQuery) {
    return this.integrations.list(identity, query.practice_id);
  }

  @Post('integrations')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Use PracticePilot’s own calendar (provider internal, auth_method none)' })
  @ApiCreatedResponse({ type: CalendarIntegrationResponse })
  @ApiErrors(401, 404, 409, 422)
  create(@CurrentIdentity() identity: Identity, @Body() body: Record<string, unknown>) {
    return this.integrations.createInternal(identity, body);
  }

  @Delete('integrations/:id')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Remove an integration, its assignments and its tokens; answers it as it was' })
  @ApiOkResponse({ type: CalendarIntegrationResponse })
  @ApiErrors(401, 404)
  remove(@CurrentIdentity() identity: Identity, @Param('id') id: string) {
    return this.integrations.remove(identity, id);
  }

  @Get('integrations/:id/calendars')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'The provider’s calendars ({calendars: [{id, name, description}]})' })
  @ApiOkResponse({ type: ProviderCalendarsResponse })
  @ApiErrors(401, 404, 409, 503)
  calendars(@CurrentIdentity() identity: Identity, @Param('id') id: string) {
    return this.integrations.calendars(identity, id);
  }

  @Get('integrations/:id/health')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Connection test: {status: connected | failed, detail, checked_at}' })
  @ApiOkResponse({ type: IntegrationHealthResponse })
  @ApiErrors(401, 404)
  health(@CurrentIdentity() identity: Identity, @Param('id') id: string) {
    return this.integrations.health(identity, id);
  }

  @Get('assignments')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Which external calendar serves which location (location_id null: all)' })
  @ApiOkResponse({ type: [CalendarAssignmentResponse] })
  @ApiErrors(401, 404, 422)
  assignments(@CurrentIdentity() identity: Identity, @Query() query: CalendarPracticeQuery) {
    return this.integrations.assignments(identity, query.practice_id);
  }

  @Put('integrations/:id/assignments')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Replace the integration’s assignments; answers them with a summary' })
  @ApiOkResponse({ type: SavedAssignmentsResponse })
  @ApiErrors(401, 404, 422)
  replaceAssignments(
    @CurrentIdentity() identity: Identity,
    @Param('id') id: string,
    @Body() body: Record<string, unknown>,
  ) {
    return this.integrations.replaceAssignments(identity, id, body);
  }

  @Get('oauth/authorize/:provider')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Start connecting ghl, symplast or leadar: {authorization_url}' })
  @ApiOkResponse({ type: AuthorizationUrlResponse })
  @ApiErrors(401, 404, 409, 422)
  async authorize(
    @CurrentIdentity() identity: Identity,
    @Param('provider') provider: string,
    @Query() query: CalendarPracticeQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { cookie, ...answer } = await this.oauth.authorize(identity, provider, query.practice_id);
    // The consent is tied to this browser: the callback refuses a state without its cookie.
    void reply.header('Set-Cookie', cookie);
    return answer;
  }

  /** Public: the browser arrives from the provider without the console's bearer token; the state names the practice. */
  @Public()
  @Get('oauth/callback')
  @Header('Cache-Control', 'no-store')
  @Redirect()
  @ApiOperation({
    summary: 'The provider’s return: stores the integration, then back to Settings → Calendar',
  })
  @ApiFoundResponse({ description: 'To /settings/calendar, or /settings/calendar?error=oauth_failed' })
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
