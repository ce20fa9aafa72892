import 'reflect-metadata';
import { bootstrapService } from '@pp/platform';
import { peopleService } from './people.service-definition';

void bootstrapService(peopleService);
