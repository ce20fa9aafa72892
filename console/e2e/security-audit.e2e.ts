import { readFile } from 'node:fs/promises';
import { DEMO, expect, PRACTICE_NAMES, practiceIds, test } from './fixtures';
import { leadFinder } from './lead-finder';

/**
 * Settings › Security (docs/product/settings.md#security): opening a lead leaves its entry in the practice's audit
 * log, which the page shows and exports as CSV.
 */
test.describe('the audit log of patient record access', () => {
  test('a lead opened in the console shows in Settings › Security, and the log downloads as CSV', async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const glow = (await practiceIds(request, DEMO.email))[PRACTICE_NAMES.glow];
    const finder = leadFinder(request, demoToken);
    // From the end of a list the lead detail tests read from its start: no other test opens this lead.
    const lead = await finder.find(
      await finder.leads(glow, { stage: 'Closed - Lost' }, 1),
      (person) => Boolean(person.first_name),
      'end',
    );
    await page.addInitScript((id) => window.localStorage.setItem('selectedPracticeId', id), glow);

    await page.goto(`/leads/${lead.person_id}`);
    await expect(page.getByTestId('lead-detail')).toContainText(lead.first_name!);

    await page.goto('/settings/security');
    await expect(page.getByTestId('practice-switcher')).toContainText(PRACTICE_NAMES.glow);
    const security = page.getByTestId('security-page');
    await expect(security.getByRole('heading', { name: 'Audit log' })).toBeVisible();
    await security.getByRole('textbox', { name: 'Lead' }).fill(lead.person_id);
    await security.getByRole('button', { name: 'Apply filters' }).click();
    const read = security
      .getByTestId('audit-entry')
      .filter({ hasText: 'Opened a lead' })
      .filter({ hasText: DEMO.email });
    // The entry is written just after the lead was answered: read the log again until it is there.
    await expect(async () => {
      await security.getByRole('button', { name: 'Refresh' }).click();
      await expect(read.first()).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await expect(read.first()).toContainText('Allowed · 200');
    await expect(
      read.first().getByRole('link', { name: `Open lead ${lead.person_id.slice(0, 8)}` }),
    ).toBeVisible();
    // Nothing of the patient is in the log: not the name the lead detail showed.
    if (lead.last_name) {
      const name = `${lead.first_name} ${lead.last_name}`;
      await expect(security.getByTestId('audit-entry').filter({ hasText: name })).toHaveCount(0);
    }

    const downloading = page.waitForEvent('download');
    await security.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    const [header, ...lines] = csv.trimEnd().split('\r\n');
    expect(header).toBe(
      'occurred_at,user_id,user_email,action,resource_type,resource_id,lead_id,status,outcome,client_ip,user_agent',
    );
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.includes(`,${lead.person_id},`))).toBe(true);
    expect(lines.some((line) => line.includes(`,${DEMO.email},lead.read,lead,`))).toBe(true);
  });
});
