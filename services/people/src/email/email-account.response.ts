import { ApiProperty } from '@nestjs/swagger';
import {
  EMAIL_ACCOUNT_STATUSES,
  EMAIL_PROVIDERS,
  EmailAccount,
  EmailAccountStatus,
  EmailAuthorization,
  EmailProvider,
} from '@pp/contracts';

export class EmailAccountResponse implements EmailAccount {
  @ApiProperty({ format: 'uuid' })
  email_account_id: string;

  @ApiProperty({ format: 'uuid', description: '= email_account_id' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  practice_id: string;

  @ApiProperty({ example: 'frontdesk@glowaesthetics.example' })
  email_address: string;

  @ApiProperty({ enum: EMAIL_PROVIDERS })
  provider: EmailProvider;

  @ApiProperty({
    enum: EMAIL_ACCOUNT_STATUSES,
    description: "Shown as 'Connected', 'Error', 'Pending Setup', 'Disconnected'",
  })
  status: EmailAccountStatus;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time', nullable: true, type: String })
  last_sync_timestamp: string | null;
}

export class EmailAuthorizationResponse implements EmailAuthorization {
  @ApiProperty({
    description:
      'The provider’s consent page (state and PKCE S256 challenge included); the browser navigates to it',
    example: 'https://accounts.google.com/o/oauth2/v2/auth?client_id=…&state=…&code_challenge=…',
  })
  authorization_url: string;
}
