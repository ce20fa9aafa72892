import 'reflect-metadata';
import { bootstrapService } from '@pp/platform';
import { onboardingService } from './onboarding.service-definition';

void bootstrapService(onboardingService);
