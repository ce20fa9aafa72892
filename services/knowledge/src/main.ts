import 'reflect-metadata';
import { bootstrapService } from '@pp/platform';
import { knowledgeService } from './knowledge.service-definition';

void bootstrapService(knowledgeService);
