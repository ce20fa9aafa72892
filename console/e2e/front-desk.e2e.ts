import type { Page } from '@playwright/test';
import type { PersonDto } from '@pp/contracts';
import pg from 'pg';
import {
  addMinutes,
  book,
  chicagoDay,
  chicagoInstant,
  demoLead,
  dragTo,
  eventOf,
  freeTimes,
  glow,
  isPut,
  nextWeek,
  nextWeekday,
  openCalendar,
  openNextWeek,
  placeOf,
  suffix,
} from './calendar-api';
import { DEMO, expect, PRACTICE_NAMES, practiceIds, test } from './fixtures';
import { leadFinder, openDecisionOf } from './lead-finder';

/**
 * The console on the screens front desks have: 1024×768 (a tablet, a small laptop) and 1366×768
 * (docs/decisions/0039-console-on-front-desk-screens.md). Reviewing a pending draft, the calendar's week with an
 * appointment open, a refused move and a failed knowledge run, each read and done at both widths. Each test
 * goes through both widths in one browser: the window is resized and the page opened afresh at each.
 */
const WIDTHS = [1024, 1366] as const;

/** How the time grid writes a start ('14:30' → '2:30'). */
function gridTime(time: string): string {
  const [hour, minute] = time.split(':').map(Number);
  return `${hour % 12 || 12}:${String(minute).padStart(2, '0')}`;
}

/** Opens the calendar afresh on its month (the view it starts on), showing the practice's today. */
async function openMonth(page: Page) {
  await openCalendar(page);
  await expect(
    page.getByTestId('calendar-main').locator(`td.fc-daygrid-day[data-date="${chicagoDay()}"]`),
  ).toBeVisible();
}

/**
 * Runs `check` at each front-desk width, the page opened afresh by `check` after the resize. Each width has the
 * time a test of its own would have: the checks at two widths are two tests' work in one browser.
 */
async function atEachWidth(page: Page, check: (width: (typeof WIDTHS)[number]) => Promise<void>) {
  test.setTimeout(test.info().project.timeout * WIDTHS.length);
  for (const width of WIDTHS) {
    await test.step(`at ${width}×768`, async () => {
      await page.setViewportSize({ width, height: 768 });
      await check(width);
    });
  }
}

test('at 1024×768 and 1366×768 a pending AI draft is reviewed and approved with one click, without opening any panel', async ({
  signedIn: page,
  request,
  demoToken,
}) => {
  // Northside's leads: the other review tests take Glow's. From the end of the list (the oldest): a form the
  // intake test sends makes a new lead waiting for review at its start.
  const northside = (await practiceIds(request, DEMO.email))[PRACTICE_NAMES.northside];
  const finder = leadFinder(request, demoToken);
  const waiting = (await finder.leads(northside, { pending_review: 'true' })).filter(
    (person) => person.pending_review_type === 'approval' && !person.next_scheduled_action,
  );
  const drafts = new Map<string, string>();
  const withDraft = async (besides?: PersonDto) =>
    finder.find(
      waiting.filter((person) => person.person_id !== besides?.person_id),
      async (person, events) => {
        const message = openDecisionOf(await events())?.message?.trim() ?? '';
        drafts.set(person.person_id, message);
        return Boolean(message);
      },
      'end',
    );
  const first = await withDraft();
  const leads = { 1024: first, 1366: await withDraft(first) };

  await atEachWidth(page, async (width) => {
    const lead = leads[width];
    await page.goto(`/leads/${lead.person_id}`);
    // Wherever the window puts it (the detail below 1366 px, the assistant panel from 1366 px), the draft and
    // its actions are on screen as the lead opens.
    const review = page.getByTestId('decision-review');
    await expect(review).toBeVisible();
    await expect(review).toContainText(drafts.get(lead.person_id)!.split('\n')[0].slice(0, 40));
    const approve = review.getByRole('button', { name: 'Approve & Send' });
    await expect(approve).toBeVisible();
    if (width < 1366) {
      await expect(page.getByTestId('lead-detail').getByTestId('decision-review')).toBeVisible();
      await expect(page.getByRole('complementary', { name: 'AI Assistant' })).toHaveCount(0);
    }
    const approved = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/people/${lead.person_id}/approve-decision`) &&
        response.request().method() === 'POST',
    );
    await approve.click();
    expect((await approved).ok()).toBeTruthy();
    await expect(review).toHaveCount(0);
  });
});

test.describe('the calendar at 1024×768 and 1366×768', () => {
  // The browser in Tokyo, the practice in Chicago (docs/decisions/0025-calendar-clock.md).
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('the week view keeps columns of at least 100 px with an appointment open', async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const place = await glow(request, demoToken);
    const lead = await demoLead(request, demoToken, place.practiceId, 3);
    const day = nextWeek()[1]; // Monday
    const [time] = await freeTimes(request, place, day, place.dallas.location_id);
    const name = `Front desk check ${suffix()}`;
    await book(request, place, { person_id: lead.person_id, title: name, day, time });

    await atEachWidth(page, async () => {
      await openNextWeek(page);
      await eventOf(page, name).click();
      const panel = page.getByTestId('appointment-panel');
      await expect(panel.getByTestId('appointment-title')).toHaveText(name);

      const columns = page.getByTestId('calendar-main').locator('td.fc-timegrid-col[data-date]');
      await expect(columns).toHaveCount(7);
      for (const box of await columns.evaluateAll((cells) =>
        cells.map((cell) => cell.getBoundingClientRect().width),
      )) {
        expect(box).toBeGreaterThanOrEqual(100);
      }
      // The day headers read as words, not run together ('Mon 11/30', not 'Mon11/30Tue12/1').
      const headers = page.getByTestId('calendar-main').locator('th.fc-col-header-cell');
      for (const fits of await headers.evaluateAll((cells) =>
        cells.map((cell) => {
          const text = cell.querySelector('.fc-col-header-cell-cushion')?.getBoundingClientRect().width ?? 0;
          return text > 0 && text <= cell.getBoundingClientRect().width;
        }),
      )) {
        expect(fits).toBe(true);
      }
      // The AI Assistant has nothing to say here: a rail, not a column.
      await expect(page.getByRole('complementary', { name: 'AI Assistant' })).toHaveCount(0);
      // The filters are one click away.
      await page.getByRole('button', { name: 'Show filters' }).click();
      await expect(page.getByTestId('calendar-sidebar')).toBeVisible();
    });
  });

  test('an appointment is moved by dragging it in the week view, and stays where it was dropped', async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const place = await glow(request, demoToken);
    const lead = await demoLead(request, demoToken, place.practiceId, 5);
    const day = nextWeek()[4]; // Thursday
    const free = await freeTimes(request, place, day, place.dallas.location_id);
    // The morning: the timeline test beside it (run in parallel) moves its appointment on Thursday afternoon, so
    // that neither drag lands on the other's event.
    const from = free.find((time) => time < '11:30' && free.includes(addMinutes(time, 60)));
    expect(from, `two free times an hour apart at ${place.dallas.name} on ${day} morning`).toBeTruthy();
    const name = `Front desk move ${suffix()}`;
    const appointment = await book(request, place, {
      person_id: lead.person_id,
      title: name,
      day,
      time: from!,
    });
    // Down an hour at 1024 px, back up at 1366 px: each drop is a move the server takes.
    const moves = {
      1024: { at: from!, to: addMinutes(from!, 60) },
      1366: { at: addMinutes(from!, 60), to: from! },
    };

    await atEachWidth(page, async (width) => {
      const { at, to } = moves[width];
      await openNextWeek(page);
      // Where the booking, or the move at the width before (after a reload), put it.
      expect(await placeOf(eventOf(page, name))).toEqual({
        day,
        time: `${gridTime(at)} - ${gridTime(addMinutes(at, 30))}`,
      });
      const put = page.waitForResponse(isPut(appointment.appointment_id));
      await dragTo(page, eventOf(page, name), day, to);
      expect((await put).status()).toBe(200);
      expect((await put).request().postDataJSON()).toEqual({ new_start_time: chicagoInstant(day, to) });
      await expect
        .poll(() => placeOf(eventOf(page, name)))
        .toEqual({ day, time: `${gridTime(to)} - ${gridTime(addMinutes(to, 30))}` });
      await expect(page.getByText(/The appointment was not moved/)).toHaveCount(0);
    });
  });

  test("after a move in the week view, the lead's timeline shows the new time on the calendar's clock", async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const place = await glow(request, demoToken);
    const finder = leadFinder(request, demoToken);
    const lead = await demoLead(request, demoToken, place.practiceId, 6);
    const day = nextWeek()[4]; // Thursday
    const free = await freeTimes(request, place, day, place.plano.location_id);
    // The afternoon (the week-view move test beside it takes the morning).
    const from = free.find((time) => time >= '13:00' && free.includes(addMinutes(time, 60)));
    expect(from, `two free times an hour apart at ${place.plano.name} on ${day} afternoon`).toBeTruthy();
    const name = `Timeline clock ${suffix()}`;
    const appointment = await book(request, place, {
      person_id: lead.person_id,
      title: name,
      day,
      time: from!,
      location_id: place.plano.location_id,
    });
    const moves = { 1024: addMinutes(from!, 60), 1366: from! };
    const shortDay = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${day}T12:00:00Z`));

    await atEachWidth(page, async (width) => {
      const to = moves[width];
      await openNextWeek(page);
      const put = page.waitForResponse(isPut(appointment.appointment_id));
      await dragTo(page, eventOf(page, name), day, to);
      expect((await put).status()).toBe(200);
      await expect
        .poll(() => placeOf(eventOf(page, name)))
        .toEqual({ day, time: `${gridTime(to)} - ${gridTime(addMinutes(to, 30))}` });

      // The calendar's own words for the new time: '…, 11:00 AM – 11:30 AM CST' (the browser is in Tokyo).
      await eventOf(page, name).click();
      const when = page.getByTestId('appointment-panel').getByTestId('appointment-when');
      const panelTime = /(\d{1,2}:\d{2}\s[AP]M)\s–\s(\d{1,2}:\d{2}\s[AP]M)\s(C[SD]T)$/;
      await expect(when).toHaveText(panelTime);
      const [, start, end, zone] = panelTime.exec((await when.textContent()) ?? '')!;
      const [hour] = to.split(':').map(Number);
      expect(start.replace(/\s/g, ' ')).toBe(`${gridTime(to)} ${hour < 12 ? 'AM' : 'PM'}`);

      await page.getByTestId('appointment-panel').getByRole('button', { name: 'View Lead Profile' }).click();
      await expect(page).toHaveURL(new RegExp(`/leads/${lead.person_id}$`));
      // The timeline learns the move from the calendar's event (Kafka): once the lead's events hold it, the lead
      // opened again shows it.
      const newStart = new Date(chicagoInstant(day, to)).getTime();
      await expect
        .poll(
          async () =>
            (await finder.events(lead.person_id)).some(
              (event) =>
                event.event_type === 'appointment_rescheduled' &&
                event.content_data?.appointment_id === appointment.appointment_id &&
                new Date(String(event.content_data?.start_time)).getTime() === newStart,
            ),
          { message: "the move on the lead's timeline", timeout: 60_000 },
        )
        .toBe(true);
      await page.reload();
      const spaced = (text: string) => text.replace(/\s+/g, '\\s');
      await expect(
        page
          .getByTestId('timeline-item')
          .filter({ hasText: 'Appointment rescheduled' })
          .filter({ hasText: name })
          .filter({ hasText: new RegExp(spaced(`${shortDay}, ${start} – ${end} ${zone}`)) })
          .first(),
      ).toBeVisible();
    });
  });

  test("the month view shows an event's time and title uncut, and week numbers clear of the day numbers", async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const place = await glow(request, demoToken);
    const lead = await demoLead(request, demoToken, place.practiceId, 7);
    const day = nextWeekday();
    const [time] = (await freeTimes(request, place, day, place.dallas.location_id)).filter(
      (free) => free >= '10:00',
    );
    expect(time, `a free time at ${place.dallas.name} on ${day}`).toBeTruthy();
    const name = `Fit ${suffix().slice(-4)}`;
    await book(request, place, { person_id: lead.person_id, title: name, day, time });

    await atEachWidth(page, async () => {
      await openMonth(page);
      const main = page.getByTestId('calendar-main');
      // The next weekday may be past the month's last row (a Friday the 30th of a month that ends on a Saturday):
      // then it is in the next month's first.
      if ((await main.locator(`td.fc-daygrid-day[data-date="${day}"]`).count()) === 0)
        await main.locator('.fc-next-button').click();
      const event = main.locator(`td.fc-daygrid-day[data-date="${day}"] .fc-event`, { hasText: name });
      await expect(event).toBeVisible();
      // The time and the title each fit their box (no '3:3 Botox con'), and the whole of both is the tooltip.
      const uncut = (selector: string) =>
        event.locator(selector).evaluate((element) => element.scrollWidth <= element.clientWidth);
      await expect(event.locator('.fc-event-time')).not.toBeEmpty();
      expect(await uncut('.fc-event-time')).toBe(true);
      await expect(event.locator('.fc-event-title')).toHaveText(name);
      expect(await uncut('.fc-event-title')).toBe(true);
      const shownTime = ((await event.locator('.fc-event-time').textContent()) ?? '').trim();
      await expect(event).toHaveAttribute('title', `${shownTime} ${name}`);

      // Each week number sits clear of its first day's number (no 'W451').
      const clear = await main.locator('.fc-daygrid-week-number').evaluateAll((numbers) =>
        numbers.map((number) => {
          const dayNumber = number.closest('.fc-daygrid-day-frame')?.querySelector('.fc-daygrid-day-number');
          if (!dayNumber) return false;
          const a = number.getBoundingClientRect();
          const b = dayNumber.getBoundingClientRect();
          return a.bottom <= b.top || b.bottom <= a.top || a.right <= b.left || b.right <= a.left;
        }),
      );
      expect(clear.length).toBeGreaterThanOrEqual(4);
      expect(clear.every(Boolean)).toBe(true);
    });
  });

  test("a move the server refuses goes back and says the server's reason", async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const place = await glow(request, demoToken);
    const lead = await demoLead(request, demoToken, place.practiceId, 4);
    const day = nextWeek()[5]; // Friday
    const free = await freeTimes(request, place, day, place.plano.location_id);
    const first = free.find((time) => free.includes(addMinutes(time, 60)));
    expect(first, `two free times an hour apart on ${day}`).toBeTruthy();
    const tag = suffix();
    const at = (time: string, title: string) =>
      book(request, place, {
        person_id: lead.person_id,
        title,
        day,
        time,
        location_id: place.plano.location_id,
      });
    await at(first!, `Kept slot ${tag}`);
    const moving = await at(addMinutes(first!, 60), `Refused move ${tag}`);

    // The move is refused at each width (the slot stays taken), so the same drag is tried at both.
    await atEachWidth(page, async () => {
      await openNextWeek(page);
      const put = page.waitForResponse(isPut(moving.appointment_id));
      await dragTo(page, eventOf(page, `Refused move ${tag}`), day, first!);
      const refused = await put;
      expect(refused.status()).toBe(409);
      const { detail } = (await refused.json()) as { detail: string };
      expect(detail).toBeTruthy();
      await expect(page.getByText(`The appointment was not moved: ${detail}`)).toBeVisible();
    });
  });
});

test.describe('a failed knowledge run', () => {
  const REASON =
    'We could not read any page of https://www.glowaesthetics.example/: the site did not answer.';
  let practiceId = '';
  let before: Record<string, unknown> | null = null;

  /** The knowledge service's run of the practice, written as a failed run (the API cannot make one at will). */
  async function database<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const url = process.env.E2E_DATABASE_URL;
    expect(url, 'E2E_DATABASE_URL (npm test -- browser sets it)').toBeTruthy();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  test.beforeAll(async ({ request }) => {
    practiceId = (await practiceIds(request, DEMO.email))[PRACTICE_NAMES.glow];
    expect(practiceId).toBeTruthy();
    await database(async (client) => {
      const found = await client.query(
        'SELECT * FROM knowledge.knowledge_processing WHERE practice_id = $1',
        [practiceId],
      );
      before = found.rows[0] ?? null;
      await client.query(
        `INSERT INTO knowledge.knowledge_processing
           (practice_id, status, run_id, scope, last_updated, pages_found, pages_processed, pages_failed, error)
         VALUES ($1, 'failed', gen_random_uuid(), 'all', now(), 1, 0, 1, $2)
         ON CONFLICT (practice_id) DO UPDATE SET status = 'failed', scope = 'all', last_updated = now(),
           pages_found = 1, pages_processed = 0, pages_failed = 1, error = $2`,
        [practiceId, REASON],
      );
    });
  });

  test.afterAll(async () => {
    await database(async (client) => {
      if (!before) {
        await client.query('DELETE FROM knowledge.knowledge_processing WHERE practice_id = $1', [practiceId]);
        return;
      }
      const row = before as Record<string, unknown>;
      await client.query(
        `UPDATE knowledge.knowledge_processing SET status = $2, run_id = $3, scope = $4, last_updated = $5,
           pages_found = $6, pages_processed = $7, pages_failed = $8, error = $9 WHERE practice_id = $1`,
        [
          practiceId,
          row.status,
          row.run_id,
          row.scope,
          row.last_updated,
          row.pages_found,
          row.pages_processed,
          row.pages_failed,
          row.error,
        ],
      );
    });
  });

  test('at 1024×768 and 1366×768 Practice Knowledge says why the run failed and offers Retry', async ({
    signedIn: page,
  }) => {
    await page.addInitScript((id) => window.localStorage.setItem('selectedPracticeId', id), practiceId);
    await atEachWidth(page, async () => {
      await page.goto('/settings/knowledge');
      await expect(page.getByTestId('practice-switcher')).toContainText(PRACTICE_NAMES.glow);
      await expect(page.getByTestId('knowledge-status')).toHaveText('Failed');
      const failed = page.getByTestId('knowledge-run-failed');
      await expect(failed).toContainText('Processing Failed');
      await expect(failed).toContainText(REASON);
      await expect(failed.getByRole('button', { name: 'Retry' })).toBeVisible();
    });
  });
});
