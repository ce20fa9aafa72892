import { Controller, Get, UseInterceptors } from '@nestjs/common';
import { listOf } from '../common/content-range.interceptor';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Identity } from '@pp/platform';
import { CurrentUser } from '../auth/current-auth';
import { UsersService } from './users.service';

@ApiTags('users')
@ApiBearerAuth()
@Controller('api/v1/users/me')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  me(@CurrentUser() identity: Identity) {
    return this.users.me(identity);
  }

  @Get('practices')
  @UseInterceptors(listOf('practices'))
  practices(@CurrentUser() identity: Identity) {
    return this.users.practices(identity);
  }
}
