import type { Page } from '@playwright/test';
import type { PersonDto } from '@pp/contracts';
import { randomUUID } from 'node:crypto';
import { DEMO, expect, PRACTICE_NAMES, practiceIds, test } from './fixtures';

const leadList = (page: Page) => page.getByRole('list', { name: /^Leads in / });
const stage = (page: Page, label: string) =>
  page
    .getByRole('navigation', { name: 'Lead stages' })
    .getByRole('button', { name: new RegExp(`^${label}`) });

test.describe('a website form becomes a lead the AI has read', () => {
  test('a form sent to the manual demo practice appears in the list with its insights and waits in Needs My Review with the drafted message', async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const northside = (await practiceIds(request, DEMO.email))[PRACTICE_NAMES.northside];
    const headers = { Authorization: `Bearer ${demoToken}` };
    const practice = await request.get(`/api/v1/practices/${northside}`, { headers });
    expect(practice.ok()).toBeTruthy();
    const { site_key: siteKey, automation_level: level } = (await practice.json()) as {
      site_key: string;
      automation_level: string;
    };
    expect(level).toBe('manual');

    await page.addInitScript((id) => window.localStorage.setItem('selectedPracticeId', id), northside);
    await page.goto('/leads');
    await expect(page.getByRole('region', { name: 'All Leads' })).toBeVisible();

    // The public ingress, as the practice's website snippet calls it: no token. E-mail only, so that the first
    // contact is not held for quiet hours whatever the time of day the test runs.
    const tag = randomUUID().slice(0, 6);
    const email = `rosa.delgado.${tag}@example.com`;
    const sent = await request.post('/api/v1/tracking/events', {
      data: {
        site_key: siteKey,
        events: [
          {
            event_id: randomUUID(),
            type: 'form',
            visitor_id: randomUUID(),
            session_id: randomUUID(),
            url: 'https://www.northsidedental.example/contact',
            title: 'Contact Northside Dental',
            referrer: null,
            occurred_at: new Date().toISOString(),
            fields: {
              'Full Name': `Rosa Delgado${tag}`,
              Email: email,
              Message: 'Hi! How much is Invisalign? I would like to book a consultation for my teeth.',
            },
          },
        ],
      },
    });
    expect(sent.status()).toBe(202);

    // The lead shows up at the top of the list (live broadcast), carrying the AI's procedure.
    const row = leadList(page).getByRole('link', { name: `Rosa Delgado${tag}` });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(row).toContainText('Invisalign', { timeout: 30_000 });

    // The engine's own reading of the message and its explainable score.
    let person: PersonDto | undefined;
    await expect
      .poll(
        async () => {
          const response = await request.get('/api/v1/people/search', {
            headers,
            params: { practice_id: northside, q: email, limit: 5 },
          });
          const found = (await response.json()) as PersonDto[] | { items: PersonDto[] };
          person = (Array.isArray(found) ? found : found.items)[0];
          return person?.pending_review_type ?? null;
        },
        { timeout: 30_000 },
      )
      .toBe('approval');
    const insights = person!.current_outreach_state.ai_insights;
    expect(insights?.intent_classification).toMatch(/^(pricing|booking)$/);
    expect(insights?.procedures_of_interest).toContain('Invisalign');

    await row.click();
    await expect(page.getByTestId('lead-intelligence')).toBeVisible();

    await stage(page, 'Needs My Review').click();
    await expect(page.getByRole('region', { name: 'Needs My Review' })).toBeVisible();
    const waiting = leadList(page).getByRole('link', { name: `Rosa Delgado${tag}` });
    await expect(waiting).toBeVisible({ timeout: 20_000 });
    await expect(waiting.getByTestId('review-warning')).toBeVisible();
    await waiting.click();
    const review = page.getByTestId('decision-review');
    await expect(review).toContainText('Email Ready to Send');
    await expect(review).toContainText('Invisalign');
    await expect(review).toContainText('Rosa');
    await expect(review.getByRole('button', { name: 'Approve & Send' })).toBeEnabled();
  });
});
