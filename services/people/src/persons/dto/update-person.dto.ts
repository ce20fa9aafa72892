import { ApiPropertyOptional } from '@nestjs/swagger';
import { LEAD_STAGES, LeadFieldMessages } from '@pp/contracts';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/**
 * `PATCH /api/v1/people/{id}`: any of the fields; unknown fields are a 422. Only types and lengths are
 * checked here; the rules of docs/product/leads.md#lead-fields (names, 10-digit phone, email pattern, stage) are in
 * person-patch.ts, which also decides what actually changes.
 */
export class UpdatePersonDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: LeadFieldMessages.firstNameRequired })
  @MaxLength(100, { message: 'First name must be at most 100 characters' })
  first_name?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: LeadFieldMessages.lastNameRequired })
  @MaxLength(100, { message: 'Last name must be at most 100 characters' })
  last_name?: string | null;

  @ApiPropertyOptional({ nullable: true, example: '(214) 555-0134', description: "'' or null clears it" })
  @IsOptional()
  @IsString({ message: LeadFieldMessages.phone })
  @MaxLength(40, { message: LeadFieldMessages.phone })
  primary_phone?: string | null;

  @ApiPropertyOptional({ nullable: true, description: "'' or null clears it" })
  @IsOptional()
  @IsString({ message: LeadFieldMessages.email })
  @MaxLength(254, { message: LeadFieldMessages.email })
  primary_email?: string | null;

  @ApiPropertyOptional({ enum: LEAD_STAGES })
  @IsOptional()
  @IsString({ message: LeadFieldMessages.stageRequired })
  stage?: string | null;
}
