import { ApiProperty } from '@nestjs/swagger';
import { AUDIT_RETENTION, AuditLogMessages, AuditRetention } from '@pp/contracts';
import { IsInt, Max, Min } from 'class-validator';

/** `PUT /api/v1/practices/{practiceId}/audit-log/retention`. */
export class RetentionDto implements AuditRetention {
  @ApiProperty({ minimum: AUDIT_RETENTION.minYears, maximum: AUDIT_RETENTION.maxYears, example: 6 })
  @IsInt({ message: AuditLogMessages.retention })
  @Min(AUDIT_RETENTION.minYears, { message: AuditLogMessages.retention })
  @Max(AUDIT_RETENTION.maxYears, { message: AuditLogMessages.retention })
  retention_years: number;
}
