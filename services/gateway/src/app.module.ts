import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module, Provider } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PlatformModule } from '@pp/platform';
import { AuditLogController } from './audit/audit-log.controller';
import { AuditLogService } from './audit/audit-log.service';
import { AuditRecorder } from './audit/audit-recorder';
import { AuditWriter } from './audit/audit-writer';
import { LiveAudit } from './audit/live-audit';
import { PurgeAuditLogProcessor } from './audit/jobs/purge-audit-log.processor';
import { AccessTokens } from './auth/access-tokens';
import { AuthController } from './auth/auth.controller';
import { BearerAuthGuard } from './auth/auth.guard';
import { AuthService } from './auth/auth.service';
import { Authenticator } from './auth/authenticator';
import { LoginRateLimiter } from './auth/login-rate-limiter';
import { Sessions } from './auth/sessions';
import { GatewayConfig } from './config';
import { gatewayDatabase } from './database/database';
import { LocationsController } from './locations/locations.controller';
import { LocationsService } from './locations/locations.service';
import { PracticesController } from './practices/practices.controller';
import { PracticesService } from './practices/practices.service';
import { AUDIT_QUEUE } from './queues';
import { LeadEventsConsumer } from './realtime/lead-events.consumer';
import { RealtimeHub } from './realtime/realtime.hub';
import { RealtimeServer } from './realtime/realtime.server';
import { SessionWatch } from './realtime/session-watch';
import { MembershipsService } from './users/memberships.service';
import { UsersController } from './users/users.controller';
import { UsersService } from './users/users.service';
import { DemoPracticeClient } from './signup/demo-practice.client';
import { SignupController } from './signup/signup.controller';
import { SignupLimiter } from './signup/signup-limiter';
import { SignupService } from './signup/signup.service';
import { VirtualNumbersController } from './virtual-numbers/virtual-numbers.controller';
import { VirtualNumbersService } from './virtual-numbers/virtual-numbers.service';

@Module({})
export class AppModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    // The audit log's purge runs where BullMQ workers do (docs/architecture.md#background-work).
    const workers: Provider[] = config.ROLE === 'api' ? [] : [PurgeAuditLogProcessor];
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({
          config,
          database: gatewayDatabase,
          identityGuard: false,
          identitySigningKey: config.INTERNAL_IDENTITY_PRIVATE_KEY,
        }),
        BullModule.registerQueue({ name: AUDIT_QUEUE }),
      ],
      controllers: [
        AuthController,
        SignupController,
        UsersController,
        PracticesController,
        LocationsController,
        VirtualNumbersController,
        AuditLogController,
      ],
      providers: [
        { provide: APP_GUARD, useClass: BearerAuthGuard },
        AccessTokens,
        Authenticator,
        LoginRateLimiter,
        AuthService,
        SignupLimiter,
        DemoPracticeClient,
        SignupService,
        MembershipsService,
        UsersService,
        PracticesService,
        LocationsService,
        RealtimeHub,
        LeadEventsConsumer,
        RealtimeServer,
        VirtualNumbersService,
        Sessions,
        SessionWatch,
        AuditWriter,
        AuditRecorder,
        LiveAudit,
        AuditLogService,
        ...workers,
      ],
    };
  }
}
