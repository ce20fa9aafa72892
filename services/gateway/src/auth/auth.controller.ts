import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, Public } from '@pp/platform';
import { LogoutResponse, TokenResponseDto } from './auth.response';
import type { AuthenticatedRequest } from './auth.guard';
import { AuthService } from './auth.service';
import { LoginDto } from './dto/login.dto';

@ApiTags('auth')
@Controller('api/v1/auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiOperation({ summary: 'Sign in with email (username) and password; returns a bearer token' })
  @ApiOkResponse({ type: TokenResponseDto })
  @ApiErrors(401, 422, 429)
  login(@Body() dto: LoginDto, @Req() request: AuthenticatedRequest) {
    return this.auth.login(dto, request.ip);
  }

  /**
   * Revokes the presented token server-side: it stops working at once on every gateway instance, and the
   * live connections opened with it close.
   */
  @Post('logout')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Sign out: the token stops working at once' })
  @ApiOkResponse({ type: LogoutResponse })
  @ApiErrors(401)
  async logout(@Req() request: AuthenticatedRequest) {
    await this.auth.logout(request.auth!.claims);
    return { detail: 'Logged out' };
  }
}
