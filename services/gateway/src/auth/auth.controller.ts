import { Body, Controller, HttpCode, Post, Req, UseFilters } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { Public } from '@pp/platform';
import type { AuthenticatedRequest } from './auth.guard';
import { AuthService } from './auth.service';
import { LoginDto } from './dto/login.dto';
import { TooManyAttemptsFilter } from './too-many-attempts.filter';

@ApiTags('auth')
@Controller('api/v1/auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @UseFilters(TooManyAttemptsFilter)
  @ApiConsumes('application/x-www-form-urlencoded')
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
  async logout(@Req() request: AuthenticatedRequest) {
    await this.auth.logout(request.auth!.claims);
    return { detail: 'Logged out' };
  }
}
