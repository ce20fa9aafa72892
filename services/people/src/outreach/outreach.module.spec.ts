import { SendMessageProcessor } from './jobs/send-message.processor';
import { OutreachModule } from './outreach.module';
import { OutreachQueue } from './outreach-queue';
import { OutreachRecovery } from './outreach-recovery';

describe('OutreachModule', () => {
  it('runs the send processor and the recovery sweep where ROLE is worker or all', () => {
    for (const role of ['worker', 'all'] as const) {
      const providers = OutreachModule.forRoot({ ROLE: role }).providers;
      expect(providers).toEqual(
        expect.arrayContaining([SendMessageProcessor, OutreachRecovery, OutreachQueue]),
      );
    }
  });

  it('only enqueues in an api-only process: no processor, no sweep', () => {
    const providers = OutreachModule.forRoot({ ROLE: 'api' }).providers;
    expect(providers).toContain(OutreachQueue);
    expect(providers).not.toContain(SendMessageProcessor);
    expect(providers).not.toContain(OutreachRecovery);
  });
});
