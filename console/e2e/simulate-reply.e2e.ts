import { DEMO, expect, PRACTICE_NAMES, practiceIds, test } from './fixtures';
import { peopleApi } from './leads-api';

/**
 * The sandbox's conversation loop (docs/product/channels.md#simulated-replies) and the lead's consent box
 * (#consent-ledger): the test stack has no Twilio and no mailbox, so both channels are the sandbox.
 */
test.describe('simulated replies and consent on the lead page', () => {
  test('staff write a reply as the lead: it lands on the timeline as the lead’s text', async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const northside = (await practiceIds(request, DEMO.email))[PRACTICE_NAMES.northside];
    const suffix = String(Date.now() % 10_000).padStart(4, '0');
    const lead = await peopleApi(request, demoToken).create(northside, {
      first_name: 'Rosa',
      last_name: `Sandbox${suffix}`,
      primary_phone: `(404) 555-${suffix}`,
    });

    await page.goto(`/leads/${lead.person_id}`);
    const consent = page.getByTestId('consent');
    await expect(consent.getByTestId('consent-sms')).toContainText('Texts');
    await expect(consent).toContainText('No consent recorded');

    const sandbox = page.getByTestId('simulate-reply');
    await sandbox.getByRole('button', { name: 'Simulate a reply' }).click();
    const dialog = page.getByRole('dialog', { name: `Reply as Rosa Sandbox${suffix}` });
    const reply = `Do you have anything open on Saturday morning? (${suffix})`;
    await dialog.getByRole('textbox', { name: 'The lead’s reply' }).fill(reply);
    await dialog.getByRole('button', { name: 'Add reply' }).click();
    await expect(dialog).toBeHidden();

    const received = page.getByTestId('timeline').locator('[data-kind="sms_received"]');
    await expect(received.filter({ hasText: reply })).toHaveCount(1, { timeout: 20_000 });
  });
});
