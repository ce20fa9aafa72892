import { ApiProperty } from '@nestjs/swagger';

/** The signed-in user. */
export class UserResponse {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Dana' })
  first_name: string;

  @ApiProperty({ example: 'Whitfield' })
  last_name: string;

  @ApiProperty({ example: 'demo@practicepilot.example' })
  email: string;
}

/** One practice the user belongs to (the practice switcher). */
export class PracticeSummaryResponse {
  @ApiProperty({ format: 'uuid' })
  practice_id: string;

  @ApiProperty({ example: 'Glow Aesthetics' })
  name: string;
}
