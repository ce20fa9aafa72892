import { Module } from '@nestjs/common';
import { LeadListService } from './list/lead-list.service';
import { PersonsController } from './persons.controller';
import { PersonsService } from './persons.service';
import { LeadSearchService } from './search/lead-search.service';

@Module({
  controllers: [PersonsController],
  providers: [PersonsService, LeadListService, LeadSearchService],
})
export class PersonsModule {}
