import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule } from '@pp/platform';
import { PeopleConfig } from './config';
import { peopleDatabase } from './database/database';
import { PersonsModule } from './persons/persons.module';

@Module({})
export class AppModule {
  static forRoot(config: PeopleConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forRoot({ config, database: peopleDatabase }), PersonsModule],
    };
  }
}
