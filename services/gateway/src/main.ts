import 'reflect-metadata';
import { bootstrapService } from '@pp/platform';
import { gatewayService } from './gateway.service-definition';

void bootstrapService(gatewayService);
