import 'reflect-metadata';
import { bootstrapService } from '@pp/platform';
import { calendarService } from './calendar.service-definition';

void bootstrapService(calendarService);
