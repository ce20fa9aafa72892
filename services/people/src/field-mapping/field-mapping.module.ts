import { Module } from '@nestjs/common';
import { FieldMappingController } from './field-mapping.controller';
import { FieldMappingService } from './field-mapping.service';

@Module({
  controllers: [FieldMappingController],
  providers: [FieldMappingService],
  exports: [FieldMappingService],
})
export class FieldMappingModule {}
