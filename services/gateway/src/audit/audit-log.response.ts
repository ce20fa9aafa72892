import { ApiProperty } from '@nestjs/swagger';
import {
  AUDIT_ACTIONS,
  AUDIT_RESOURCE_TYPES,
  AuditAction,
  AuditEntry,
  AuditLogPage,
  AuditOutcome,
  AuditResourceType,
  AuditRetention,
} from '@pp/contracts';

export class AuditEntryResponse implements AuditEntry {
  @ApiProperty({ example: '1042' })
  audit_id: string;

  @ApiProperty({ format: 'date-time' })
  occurred_at: string;

  @ApiProperty({ format: 'uuid' })
  user_id: string;

  @ApiProperty({ example: 'dana@glowaesthetics.example' })
  user_email: string;

  @ApiProperty({ enum: AUDIT_ACTIONS })
  action: AuditAction;

  @ApiProperty({ enum: AUDIT_RESOURCE_TYPES })
  resource_type: AuditResourceType;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  resource_id: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  lead_id: string | null;

  @ApiProperty({ example: 200, description: 'The HTTP status the user was answered' })
  status: number;

  @ApiProperty({ enum: ['allowed', 'denied', 'failed'] })
  outcome: AuditOutcome;

  @ApiProperty({ example: '203.0.113.9' })
  client_ip: string;

  @ApiProperty({ type: String, nullable: true })
  user_agent: string | null;
}

export class AuditLogPageResponse implements AuditLogPage {
  @ApiProperty({ type: [AuditEntryResponse], description: 'Newest first' })
  entries: AuditEntryResponse[];

  @ApiProperty({ type: String, nullable: true, description: 'Pass as cursor for the next (older) page' })
  next_cursor: string | null;
}

export class AuditRetentionResponse implements AuditRetention {
  @ApiProperty({ example: 6 })
  retention_years: number;
}
