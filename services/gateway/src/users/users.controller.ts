import { Controller, Get, UseInterceptors } from '@nestjs/common';
import { listOf } from '../common/content-range.interceptor';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, Identity } from '@pp/platform';
import { CurrentUser } from '../auth/current-auth';
import { PracticeSummaryResponse, UserResponse } from './user.response';
import { UsersService } from './users.service';

@ApiTags('users')
@ApiBearerAuth()
@ApiErrors(401)
@Controller('api/v1/users/me')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiOkResponse({ type: UserResponse })
  me(@CurrentUser() identity: Identity) {
    return this.users.me(identity);
  }

  @Get('practices')
  @UseInterceptors(listOf('practices'))
  @ApiOperation({ summary: 'The practices the signed-in user belongs to, by name' })
  @ApiOkResponse({ type: [PracticeSummaryResponse] })
  practices(@CurrentUser() identity: Identity) {
    return this.users.practices(identity);
  }
}
