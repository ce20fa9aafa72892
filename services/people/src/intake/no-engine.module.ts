import { Injectable, Module } from '@nestjs/common';
import { EngineTrigger } from '../engine/engine-trigger';

/** Until the AI engine is wired in: a form's lead is recorded and waits for staff. */
@Injectable()
export class NoEngineTrigger extends EngineTrigger {
  async inquiryReceived(): Promise<void> {}
}

/** The `EngineTrigger` binding used when the app is given no engine module. */
@Module({
  providers: [{ provide: EngineTrigger, useClass: NoEngineTrigger }],
  exports: [EngineTrigger],
})
export class NoEngineModule {}
