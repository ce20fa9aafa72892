import type { Page } from '@playwright/test';
import type { AppointmentDto } from '@pp/contracts';
import {
  addMinutes,
  appointmentsOn,
  book,
  chicagoDay,
  chicagoInstant,
  demoLead,
  dragTo,
  eventOf,
  freeTimes,
  glow,
  insertAppointment,
  isPut,
  nextWeek,
  nextWeekday,
  openNextWeek,
  placeOf,
  suffix,
} from './calendar-api';
import { expect, test } from './fixtures';

/**
 * The calendar page (docs/product/calendar.md#the-console-page) against the real stack and the seeded demo
 * practice (Glow Aesthetics, in Chicago). The browser runs in Tokyo: times must still be shown, and drops sent, on
 * the location's clock (docs/decisions/0025-calendar-clock.md). Each test books its own appointments (unique
 * titles) on a day of its own, where the location is free: seeded appointments may share the days.
 */
test.use({ timezoneId: 'Asia/Tokyo' });

const utcDate = (day: string) => new Date(`${day}T12:00:00Z`);
const format = (day: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(utcDate(day));
/** How the time grid writes a start ('14:30' → '2:30'). */
const gridTime = (time: string) => {
  const [hour, minute] = time.split(':').map(Number);
  return `${hour % 12 || 12}:${String(minute).padStart(2, '0')}`;
};

const main = (page: Page) => page.getByTestId('calendar-main');
const title = (page: Page) => main(page).locator('.fc-toolbar-title');

async function startOf(
  request: Parameters<typeof appointmentsOn>[0],
  place: Awaited<ReturnType<typeof glow>>,
  id: string,
  days: string[],
) {
  for (const day of days) {
    const found = (await appointmentsOn(request, place, day)).find(
      (a: AppointmentDto) => a.appointment_id === id,
    );
    if (found) return found.start_time;
  }
  return null;
}

test.describe('calendar', () => {
  test('opens on the month; previous, next and Today move the month, week and day, with their titles', async ({
    signedIn: page,
  }) => {
    const today = chicagoDay();
    const [year, month] = today.split('-').map(Number);
    const monthOf = (offset: number) =>
      new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(Date.UTC(year, month - 1 + offset, 15)),
      );
    await page.goto('/calendar');
    await expect(title(page)).toHaveText(monthOf(0));
    await expect(main(page).getByRole('button', { name: 'Month', exact: true })).toHaveClass(
      /fc-button-active/,
    );
    // Today is the practice's (Chicago's) today, not Tokyo's.
    await expect(main(page).locator('td.fc-day-today')).toHaveAttribute('data-date', today);
    await main(page).locator('.fc-next-button').click();
    await expect(title(page)).toHaveText(monthOf(1));
    await main(page).locator('.fc-prev-button').click();
    await main(page).locator('.fc-prev-button').click();
    await expect(title(page)).toHaveText(monthOf(-1));
    await main(page).locator('.fc-today-button').click();
    await expect(title(page)).toHaveText(monthOf(0));

    // Week: Sunday to Saturday around today; next and previous move by seven days.
    await main(page).getByRole('button', { name: 'Week', exact: true }).click();
    const columns = main(page).locator('th.fc-col-header-cell');
    await expect(columns).toHaveCount(7);
    const weekday = utcDate(today).getUTCDay();
    await expect(columns.first()).toHaveAttribute('data-date', chicagoDay(-weekday));
    const thisWeek = (await title(page).textContent()) ?? '';
    expect(thisWeek).toContain(String(utcDate(chicagoDay(-weekday)).getUTCFullYear()));
    await main(page).locator('.fc-next-button').click();
    await expect(columns.first()).toHaveAttribute('data-date', chicagoDay(7 - weekday));
    await expect(title(page)).not.toHaveText(thisWeek);
    await main(page).locator('.fc-today-button').click();
    await expect(title(page)).toHaveText(thisWeek);

    // Day: the title is the date.
    const dayTitle = (day: string) => format(day, { month: 'long', day: 'numeric', year: 'numeric' });
    await main(page).getByRole('button', { name: 'Day', exact: true }).click();
    await expect(title(page)).toHaveText(dayTitle(today));
    await main(page).locator('.fc-next-button').click();
    await expect(title(page)).toHaveText(dayTitle(chicagoDay(1)));
    await main(page).locator('.fc-prev-button').click();
    await main(page).locator('.fc-prev-button').click();
    await expect(title(page)).toHaveText(dayTitle(chicagoDay(-1)));
    await main(page).locator('.fc-today-button').click();
    await expect(title(page)).toHaveText(dayTitle(today));

    // Back to the month; its day numbers are links to that day.
    await main(page).getByRole('button', { name: 'Month', exact: true }).click();
    await main(page)
      .locator(`td.fc-daygrid-day[data-date="${chicagoDay(1)}"] a.fc-daygrid-day-number`)
      .click();
    await expect(title(page)).toHaveText(dayTitle(chicagoDay(1)));
    await expect(main(page).getByRole('button', { name: 'Day', exact: true })).toHaveClass(
      /fc-button-active/,
    );
  });

  test('a deep link selects the appointment, shown on the location’s clock; Call, SMS and Email open the outcome form', async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const place = await glow(request, demoToken);
    const lead = await demoLead(request, demoToken, place.practiceId, 0);
    const name = `Consultation ${suffix()}`;
    const day = nextWeekday();
    const appointment = await book(request, place, {
      person_id: lead.person_id,
      title: name,
      day,
      time: '10:00',
    });

    await page.goto(`/calendar/${appointment.appointment_id}`);
    const panel = page.getByTestId('appointment-panel');
    await expect(panel.getByTestId('appointment-title')).toHaveText(name);
    // 10:00 in Chicago is 01:00 the next day in Tokyo: the calendar shows the location's 10:00.
    await expect(panel.getByTestId('appointment-when')).toHaveText(
      new RegExp(
        `^${format(day, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' })}, 10:00\\sAM\\s–\\s10:30\\sAM\\sC[SD]T$`,
      ),
    );
    const event = main(page).locator(`td.fc-daygrid-day[data-date="${day}"] .fc-event`, { hasText: name });
    await expect(event.locator('.fc-event-time')).toHaveText('10a');

    for (const [button, outcome] of [
      ['Call', 'Called Patient'],
      ['SMS', 'Sent SMS'],
      ['Email', 'Sent Email'],
    ]) {
      await panel.getByRole('button', { name: button, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText(/^Log outcome for /)).toBeVisible();
      await expect(dialog.getByRole('radio', { name: outcome })).toBeChecked();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    await panel.getByRole('button', { name: 'View Lead Profile' }).click();
    await expect(page).toHaveURL(new RegExp(`/leads/${lead.person_id}$`));
  });

  test('dragging an appointment moves it; after a reload it is at the new time', async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const place = await glow(request, demoToken);
    const lead = await demoLead(request, demoToken, place.practiceId, 1);
    const day = nextWeek()[1]; // Monday
    const free = await freeTimes(request, place, day, place.plano.location_id);
    const from = free.find((time) => free.includes(addMinutes(time, 60)));
    expect(from, `two free times an hour apart at ${place.plano.name} on ${day}`).toBeTruthy();
    const to = addMinutes(from!, 60);
    const name = `Moving visit ${suffix()}`;
    const appointment = await book(request, place, {
      person_id: lead.person_id,
      title: name,
      day,
      time: from!,
      location_id: place.plano.location_id,
    });

    await openNextWeek(page);
    const event = eventOf(page, name);
    expect(await placeOf(event)).toEqual({
      day,
      time: `${gridTime(from!)} - ${gridTime(addMinutes(from!, 30))}`,
    });
    const put = page.waitForResponse(isPut(appointment.appointment_id));
    await dragTo(page, event, day, to);
    expect((await put).status()).toBe(200);
    // The new start went out as the instant of that wall time in Chicago (the browser is in Tokyo).
    expect((await put).request().postDataJSON()).toEqual({ new_start_time: chicagoInstant(day, to) });
    await expect
      .poll(() => placeOf(eventOf(page, name)))
      .toEqual({
        day,
        time: `${gridTime(to)} - ${gridTime(addMinutes(to, 30))}`,
      });

    await openNextWeek(page);
    await expect
      .poll(() => placeOf(eventOf(page, name)))
      .toEqual({
        day,
        time: `${gridTime(to)} - ${gridTime(addMinutes(to, 30))}`,
      });
    expect(await startOf(request, place, appointment.appointment_id, [day])).toBe(chicagoInstant(day, to));
  });

  test('a drop onto another appointment of the same location is refused and the event goes back', async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const place = await glow(request, demoToken);
    const lead = await demoLead(request, demoToken, place.practiceId, 2);
    const day = nextWeek()[2]; // Tuesday
    const free = await freeTimes(request, place, day, place.plano.location_id);
    const first = free.find((time) => free.includes(addMinutes(time, 60)));
    expect(first, `two free times an hour apart at ${place.plano.name} on ${day}`).toBeTruthy();
    const second = addMinutes(first!, 60);
    const tag = suffix();
    const at = (time: string, title: string) =>
      book(request, place, {
        person_id: lead.person_id,
        title,
        day,
        time,
        location_id: place.plano.location_id,
      });
    await at(first!, `Held slot ${tag}`);
    const moving = await at(second, `Bumped visit ${tag}`);

    await openNextWeek(page);
    const event = eventOf(page, `Bumped visit ${tag}`);
    const where = { day, time: `${gridTime(second)} - ${gridTime(addMinutes(second, 30))}` };
    expect(await placeOf(event)).toEqual(where);
    const put = page.waitForResponse(isPut(moving.appointment_id));
    await dragTo(page, event, day, first!);
    expect((await put).status()).toBe(409);
    await expect.poll(() => placeOf(eventOf(page, `Bumped visit ${tag}`))).toEqual(where);

    await openNextWeek(page);
    await expect.poll(() => placeOf(eventOf(page, `Bumped visit ${tag}`))).toEqual(where);
    expect(await startOf(request, place, moving.appointment_id, [day])).toBe(chicagoInstant(day, second));
  });

  test('a drop outside the business hours asks first: Cancel puts it back, Move anyway moves it', async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const place = await glow(request, demoToken);
    const lead = await demoLead(request, demoToken, place.practiceId, 3);
    const week = nextWeek();
    const [sunday, thursday] = [week[0], week[4]]; // the location is closed on Sundays
    const onThursday = await freeTimes(request, place, thursday, place.plano.location_id);
    const onSunday = await freeTimes(request, place, sunday, place.plano.location_id);
    const time = onThursday.find((candidate) => onSunday.includes(candidate));
    expect(time, `a time free on ${thursday} and ${sunday}`).toBeTruthy();
    const name = `Late visit ${suffix()}`;
    const appointment = await book(request, place, {
      person_id: lead.person_id,
      title: name,
      day: thursday,
      time: time!,
      location_id: place.plano.location_id,
    });
    const slot = `${gridTime(time!)} - ${gridTime(addMinutes(time!, 30))}`;

    await openNextWeek(page);
    expect(await placeOf(eventOf(page, name))).toEqual({ day: thursday, time: slot });
    let put = page.waitForResponse(isPut(appointment.appointment_id));
    await dragTo(page, eventOf(page, name), sunday, time!);
    expect((await put).status()).toBe(422);
    const dialog = page.getByRole('dialog', { name: 'Outside business hours' });
    await expect(dialog).toContainText(`“${name}” would start on`);
    await expect(dialog).toContainText(`outside the business hours of ${place.plano.name}. Move it anyway?`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => placeOf(eventOf(page, name))).toEqual({ day: thursday, time: slot });
    expect(await startOf(request, place, appointment.appointment_id, [thursday])).toBe(
      chicagoInstant(thursday, time!),
    );

    put = page.waitForResponse(isPut(appointment.appointment_id));
    await dragTo(page, eventOf(page, name), sunday, time!);
    expect((await put).status()).toBe(422);
    const confirmed = page.waitForResponse(isPut(appointment.appointment_id));
    await dialog.getByRole('button', { name: 'Move anyway' }).click();
    expect((await confirmed).status()).toBe(200);
    expect((await confirmed).request().postDataJSON()).toEqual({
      new_start_time: chicagoInstant(sunday, time!),
      confirm_outside_hours: true,
    });
    await expect(dialog).toBeHidden();
    await expect.poll(() => placeOf(eventOf(page, name))).toEqual({ day: sunday, time: slot });

    await openNextWeek(page);
    await expect.poll(() => placeOf(eventOf(page, name))).toEqual({ day: sunday, time: slot });
  });

  test('filters: Status (a pending one shows once chosen), Locations and Search', async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const place = await glow(request, demoToken);
    const [dallasLead, planoLead] = [
      await demoLead(request, demoToken, place.practiceId, 4),
      await demoLead(request, demoToken, place.practiceId, 5),
    ];
    const day = nextWeek()[3]; // Wednesday
    const tag = suffix();
    const visit = await book(request, place, {
      person_id: dallasLead.person_id,
      title: `Dallas visit ${tag}`,
      day,
      time: '11:00',
    });
    await book(request, place, {
      person_id: planoLead.person_id,
      title: `Plano visit ${tag}`,
      day,
      time: '11:00',
      location_id: place.plano.location_id,
    });
    await insertAppointment(place, {
      title: `Pending visit ${tag}`,
      day,
      time: '13:00',
      status: 'pending',
      person: dallasLead,
      personName: visit.person_name,
    });
    const shown = async (names: string[]) => {
      for (const name of ['Dallas visit', 'Plano visit', 'Pending visit']) {
        const event = eventOf(page, `${name} ${tag}`);
        if (names.includes(name)) await expect(event).toBeVisible();
        else await expect(event).toHaveCount(0);
      }
    };

    await openNextWeek(page);
    const sidebar = page.getByTestId('calendar-sidebar');
    // Confirmed and cancelled by default.
    await expect(sidebar.getByRole('checkbox', { name: 'Confirmed' })).toBeChecked();
    await expect(sidebar.getByRole('checkbox', { name: 'Cancelled' })).toBeChecked();
    await shown(['Dallas visit', 'Plano visit']);
    await sidebar.getByRole('checkbox', { name: 'Pending' }).check();
    await shown(['Dallas visit', 'Plano visit', 'Pending visit']);

    await sidebar.getByRole('checkbox', { name: place.plano.name }).check();
    await shown(['Plano visit']);
    await sidebar.getByRole('checkbox', { name: place.dallas.name }).check();
    await shown(['Dallas visit', 'Plano visit', 'Pending visit']);
    await sidebar.getByRole('checkbox', { name: place.plano.name }).uncheck();
    await shown(['Dallas visit', 'Pending visit']);
    await sidebar.getByRole('checkbox', { name: place.dallas.name }).uncheck();

    const search = sidebar.getByRole('textbox', { name: 'Search' });
    await search.fill(`plano VISIT ${tag}`);
    await shown(['Plano visit']);
    // The person's name (any case): the Dallas lead's two appointments.
    expect(visit.person_name).toBeTruthy();
    await search.fill(`${visit.person_name!.toUpperCase()}`);
    await expect(eventOf(page, `Dallas visit ${tag}`)).toBeVisible();
    await expect(eventOf(page, `Pending visit ${tag}`)).toBeVisible();
    await expect(eventOf(page, `Plano visit ${tag}`)).toHaveCount(0);
  });

  test('an external appointment cannot be dragged and offers View in GHL', async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const place = await glow(request, demoToken);
    const day = nextWeek()[5]; // Friday
    const name = `GHL booking ${suffix()}`;
    const id = await insertAppointment(place, { title: name, day, time: '12:00', external: true });
    const puts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/calendar/appointments/'))
        puts.push(request.url());
    });

    await openNextWeek(page);
    const event = eventOf(page, name);
    const where = { day, time: '12:00 - 12:30' };
    expect(await placeOf(event)).toEqual(where);
    await expect(event).not.toHaveClass(/fc-event-draggable/);
    await dragTo(page, event, day, '14:00');
    expect(await placeOf(eventOf(page, name))).toEqual(where);
    expect(puts).toEqual([]);

    await eventOf(page, name).click();
    const panel = page.getByTestId('appointment-panel');
    await expect(panel.getByText('External (source or Read-Only)')).toBeVisible();
    await expect(panel.getByRole('link', { name: 'View in GHL' })).toHaveAttribute(
      'href',
      new RegExp(`/v2/location/${place.dallas.location_id}/contacts/detail/ghl-contact-e2e$`),
    );
    await expect(panel.getByRole('button', { name: 'View Lead Profile' })).toHaveCount(0);
    expect(await startOf(request, place, id, [day])).toBe(chicagoInstant(day, '12:00'));
  });
});
