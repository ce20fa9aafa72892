import 'reflect-metadata';
import { bootstrapService } from '@pp/platform';
import { analyticsService } from './analytics.service-definition';

void bootstrapService(analyticsService);
