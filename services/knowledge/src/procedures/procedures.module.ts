import { Module } from '@nestjs/common';
import { CatalogueSync } from './catalogue/catalogue-sync';
import { ProceduresController } from './procedures.controller';
import { ProceduresService } from './procedures.service';

@Module({
  controllers: [ProceduresController],
  providers: [ProceduresService, CatalogueSync],
  exports: [ProceduresService],
})
export class ProceduresModule {}
