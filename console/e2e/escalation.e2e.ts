import { DEMO, expect, PRACTICE_NAMES, practiceIds, test } from './fixtures';
import { leadFinder, openDecisionOf } from './lead-finder';

const SMS_TYPES = ['send_sms', 'sms_initial'];

test.describe('AI review and escalations', () => {
  test('approving a pending SMS decision removes the review box; the text is sent, or held until 08:00 at night', async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const glow = (await practiceIds(request, DEMO.email))[PRACTICE_NAMES.glow];
    const finder = leadFinder(request, demoToken);
    const waiting = (await finder.leads(glow, { pending_review: 'true' })).filter(
      (person) =>
        person.pending_review_type === 'approval' && !person.next_scheduled_action && person.primary_phone,
    );
    let message = '';
    // From the end of the list: any other test that wants such a lead takes it from the start.
    const lead = await finder.find(
      waiting,
      async (_person, events) => {
        const decision = openDecisionOf(await events());
        message = decision?.message ?? '';
        return Boolean(decision && SMS_TYPES.includes(decision.action_type) && message.trim());
      },
      'end',
    );
    const snippet = message.trim().split('\n')[0].slice(0, 40);

    await page.goto(`/leads/${lead.person_id}`);
    const review = page.getByTestId('decision-review');
    await expect(review).toContainText('SMS Ready to Send');
    await expect(review).toContainText(snippet);
    const sent = page.getByTestId('timeline').locator('[data-kind="sms_sent"]').filter({ hasText: snippet });
    const before = await sent.count();

    const approved = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/people/${lead.person_id}/approve-decision`) &&
        response.request().method() === 'POST',
    );
    await review.getByRole('button', { name: 'Approve & Send' }).click();
    const result = (await (await approved).json()) as { scheduled_for: string | null };
    await expect(review).toHaveCount(0);
    if (result.scheduled_for === null) {
      // In the day: the outreach worker sends it through the sandbox transport; the live connection brings it in.
      await expect(sent).toHaveCount(before + 1, { timeout: 30_000 });
      await expect(sent.first()).toContainText('mock');
    } else {
      // Outside 08:00–21:00 at the lead's location the approved text waits for 08:00 (quiet hours): it is the
      // lead's next scheduled action, the AI brain timer counts down to it, and nothing is sent now.
      const held = (await finder.person(lead.person_id)).next_scheduled_action;
      expect(held && new Date(held).getTime()).toBe(new Date(result.scheduled_for).getTime());
      await expect(page.getByTestId('ai-brain-timer')).toBeVisible();
      await expect(sent).toHaveCount(before);
    }
  });

  test('logging an escalation outcome removes the panel and leaves the lead under human control', async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const glow = (await practiceIds(request, DEMO.email))[PRACTICE_NAMES.glow];
    const finder = leadFinder(request, demoToken);
    const lead = await finder.find(
      await finder.leads(glow, { pending_review: 'true' }),
      (person) => person.pending_review_type === 'escalate' && Boolean(person.primary_phone),
    );

    await page.goto(`/leads/${lead.person_id}`);
    const panel = page.getByTestId('escalation-panel');
    await expect(panel).toContainText('ESCALATION OUTCOME REQUIRED');
    await panel.getByRole('radio', { name: 'Sent SMS' }).check();
    await panel.getByRole('button', { name: 'Log outcome' }).click();
    await expect(panel.getByText('Please enter the SMS message')).toBeVisible();

    await panel
      .getByRole('textbox', { name: 'SMS message' })
      .fill('Hi! Our nurse can call you tomorrow at 10.');
    await expect(panel.getByRole('combobox', { name: 'Follow up in' })).toHaveValue('24');
    await panel.getByRole('radio', { name: 'Keep under human control' }).check();
    await panel.getByRole('button', { name: 'Log outcome' }).click();

    await expect(panel).toHaveCount(0);
    await expect(page.getByTestId('ai-brain-timer')).toContainText('Manual Review Mode');
    await expect(
      page.getByTestId('ai-brain-timer').getByRole('button', { name: 'Switch back to AI mode' }),
    ).toBeVisible();
    const stored = await finder.person(lead.person_id);
    expect(stored.pending_review_type).not.toBe('escalate');
    expect(stored.current_outreach_state.control_mode).toBe('human');
  });
});
