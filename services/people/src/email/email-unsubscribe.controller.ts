import { Controller, Header, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ApiErrors, Public } from '@pp/platform';
import { EmailUnsubscribeService } from './email-unsubscribe.service';

export class EmailUnsubscribedResponse {
  @ApiProperty({ enum: [true], example: true })
  unsubscribed: true;
}

/** RFC 8058: the List-Unsubscribe-Post target of every outreach e-mail (docs/decisions/0016-email-accounts.md). */
@ApiTags('email accounts')
@Controller('api/v1/email/unsubscribe')
export class EmailUnsubscribeController {
  constructor(private readonly unsubscribes: EmailUnsubscribeService) {}

  /** Public: the lead's mailbox provider posts `List-Unsubscribe=One-Click` here; the signed token names the lead. */
  @Public()
  @Post()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'One-click unsubscribe of a lead from the practice’s e-mail' })
  @ApiQuery({
    name: 'token',
    required: true,
    description: 'The signed token of the e-mail’s List-Unsubscribe link',
  })
  @ApiOkResponse({ type: EmailUnsubscribedResponse })
  @ApiErrors(404)
  unsubscribe(@Query('token') token: unknown) {
    return this.unsubscribes.unsubscribe(token);
  }
}
