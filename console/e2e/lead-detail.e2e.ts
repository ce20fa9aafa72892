import type { Locator } from '@playwright/test';
import { DEMO, expect, PRACTICE_NAMES, practiceIds, test } from './fixtures';
import { leadFinder } from './lead-finder';
import { peopleApi } from './leads-api';

/**
 * Records, in the page, whether `text` ever appears inside `root` from now on (a MutationObserver: it sees a message
 * that shows for a moment however slowly the test polls). Returns a function that reads the record.
 */
async function watchForText(root: Locator, text: string): Promise<() => Promise<boolean>> {
  const key = `__watched_${Math.random().toString(36).slice(2)}`;
  await root.evaluate(
    (element, { key, text }) => {
      const record = { seen: false };
      (window as unknown as Record<string, { seen: boolean }>)[key] = record;
      const check = () => {
        if (element.textContent?.includes(text)) record.seen = true;
      };
      new MutationObserver(check).observe(element, { childList: true, subtree: true, characterData: true });
      check();
    },
    { key, text },
  );
  return () =>
    root.page().evaluate((key) => (window as unknown as Record<string, { seen: boolean }>)[key].seen, key);
}

test.describe('the lead detail', () => {
  test('an invalid phone shows its message; a valid one shows success and the formatted number', async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const glow = (await practiceIds(request, DEMO.email))[PRACTICE_NAMES.glow];
    const finder = leadFinder(request, demoToken);
    // A closed lead: no other test edits or acts on those.
    const lead = await finder.find(await finder.leads(glow, { stage: 'Closed - Lost' }, 1), (person) =>
      Boolean(person.primary_phone && person.first_name),
    );
    const last4 = String(1000 + Math.floor(Math.random() * 9000));

    await page.goto(`/leads/${lead.person_id}`);
    const detail = page.getByTestId('lead-detail');
    await detail.getByRole('button', { name: 'Edit Phone' }).click();
    const phone = detail.getByRole('textbox', { name: 'Phone' });
    await phone.fill('555-1234');
    await phone.press('Enter');
    await expect(detail.getByText('Please enter a valid 10-digit phone number')).toBeVisible();

    await phone.fill(`469.555.${last4}`);
    // The success text shows for 2 seconds: the page itself records that it appeared (a busy machine may not
    // poll within those 2 seconds), then the number is checked where it stays.
    const appeared = await watchForText(detail, 'Phone saved successfully');
    await phone.press('Enter');
    await expect(detail.getByRole('button', { name: 'Edit Phone' })).toHaveText(`(469) 555-${last4}`);
    await expect.poll(appeared).toBe(true);
    await expect(detail.getByText('Phone saved successfully')).toBeHidden({ timeout: 10_000 });
    expect((await finder.person(lead.person_id)).primary_phone).toBe(`+1469555${last4}`);
    // The change is on the timeline, with who made it.
    await expect(page.getByTestId('timeline')).toContainText(`to (469) 555-${last4} by ${DEMO.name}`);
  });

  test('a message with markup from a lead renders as text', async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const glow = (await practiceIds(request, DEMO.email))[PRACTICE_NAMES.glow];
    const finder = leadFinder(request, demoToken);
    const candidates = [...(await finder.search(glow, 'Marquez')), ...(await finder.search(glow, 'Raman'))];
    let text = '';
    const lead = await finder.find(candidates, async (_person, events) => {
      const withMarkup = (await events()).find(
        (event) =>
          typeof event.content_data.message === 'string' && event.content_data.message.includes('<script>'),
      );
      text = String(withMarkup?.content_data.message ?? '');
      return Boolean(withMarkup);
    });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    await page.goto(`/leads/${lead.person_id}`);
    const timeline = page.getByTestId('timeline');
    await expect(timeline.getByText(text, { exact: true }).first()).toBeVisible();
    expect(await timeline.locator('script').count()).toBe(0);
    expect(dialogs).toEqual([]);
  });
});

test.describe('opening a lead', () => {
  test('asks the server for the lead and its events once each', async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const glow = (await practiceIds(request, DEMO.email))[PRACTICE_NAMES.glow];
    const listed = (await peopleApi(request, demoToken).list(glow, { limit: 50 })).items;
    // A lead already seen (opening an unseen one also marks it seen, which is a change of its own).
    const lead = listed.slice(1).find((person) => !person.is_unseen && person.first_name);
    expect(lead).toBeTruthy();
    await page.goto('/leads');
    await expect(page.getByTestId('lead-detail')).toBeVisible();

    const asked = { person: 0, events: 0 };
    page.on('request', (sent) => {
      const path = new URL(sent.url()).pathname;
      if (sent.method() !== 'GET') return;
      if (path === `/api/v1/people/${lead!.person_id}`) asked.person += 1;
      if (path === `/api/v1/people/${lead!.person_id}/events`) asked.events += 1;
    });
    await page
      .getByRole('link', { name: `${lead!.first_name} ${lead!.last_name ?? ''}`.trim() })
      .first()
      .click();
    await expect(page.getByTestId('lead-detail')).toHaveAttribute('data-person-id', lead!.person_id);
    await expect(page.getByTestId('lead-side-panel')).toBeVisible();
    await expect(page.getByTestId('timeline').or(page.getByTestId('timeline-empty'))).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual({ person: 1, events: 1 });
  });
});
