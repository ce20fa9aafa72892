import { Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiProperty, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors, Public } from '@pp/platform';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedRequest } from '../auth/auth.guard';
import { SignupDto } from './signup.dto';
import { SignupService } from './signup.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

class SignupResponse {
  @ApiProperty() access_token!: string;
  @ApiProperty({ enum: ['bearer'] }) token_type!: 'bearer';
  @ApiProperty({ format: 'uuid', description: 'The new practice, to select in the console' })
  practice_id!: string;
}

/** Sign-up (docs/product/onboarding.md#sign-up). */
@ApiTags('auth')
@Controller('api/v1/auth/register')
export class SignupController {
  constructor(private readonly signups: SignupService) {}

  /** The demo's 'Sign Up & Save My Assistant' sends the browser here: on to the console's sign-up page. */
  @Public()
  @Get()
  @ApiOperation({ summary: "The sign-up page, keeping the demo to save (303 to the console's /signup)" })
  @ApiResponse({ status: 303, description: 'Location: /signup[?demo_session_id=…]' })
  page(@Query('demo_session_id') demoSessionId: unknown, @Res() reply: FastifyReply): void {
    const id = typeof demoSessionId === 'string' && UUID.test(demoSessionId) ? demoSessionId : null;
    void reply
      .status(303)
      .header('Cache-Control', 'no-store')
      .header('Location', id ? `/signup?demo_session_id=${id.toLowerCase()}` : '/signup')
      .send();
  }

  @Public()
  @Post()
  @ApiOperation({
    summary: 'Create an account and its practice (from a public demo when named); returns a bearer token',
  })
  @ApiCreatedResponse({ type: SignupResponse })
  @ApiErrors(404, 409, 422, 429, 503)
  async register(
    @Body() dto: SignupDto,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SignupResponse> {
    void reply.header('Cache-Control', 'no-store');
    return this.signups.register(dto, request.ip);
  }
}
