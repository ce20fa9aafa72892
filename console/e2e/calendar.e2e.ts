import { DEMO, expect, PRACTICE_NAMES, practiceIds, test } from './fixtures';
import { peopleApi } from './leads-api';

/** The calendar page (docs/product/calendar.md#the-console-page) against the real API: a booking, a deep link. */
test.describe('calendar', () => {
  test('a booking shows on the calendar; its deep link opens it in the panel with the lead profile link', async ({
    signedIn: page,
    request,
    demoToken,
  }) => {
    const glow = (await practiceIds(request, DEMO.email))[PRACTICE_NAMES.glow];
    const headers = { Authorization: `Bearer ${demoToken}` };
    const locations = (await (
      await request.get(`/api/v1/practices/${glow}/locations/`, { headers })
    ).json()) as { location_id: string; is_primary: boolean }[];
    const location = locations.find((l) => l.is_primary) ?? locations[0];
    const suffix = String(Date.now() % 100_000);
    const lead = await peopleApi(request, demoToken).create(glow, {
      first_name: 'Clara',
      last_name: `Calendar${suffix}`,
    });
    // Tomorrow at a random half hour, 14:00–16:30 UTC (inside the location's hours on a weekday or not: a booking
    // made through the API is not refused for that).
    const start = new Date();
    start.setUTCDate(start.getUTCDate() + 1);
    start.setUTCHours(14 + (Number(suffix) % 3), (Number(suffix) % 2) * 30, 0, 0);
    const title = `Consultation ${suffix}`;
    const booked = await request.post(`/api/v1/calendar/appointments`, {
      headers,
      params: { practice_id: glow, location_id: location.location_id },
      data: {
        person_id: lead.person_id,
        title,
        start_time: start.toISOString(),
        end_time: new Date(start.getTime() + 30 * 60_000).toISOString(),
      },
    });
    expect(booked.ok(), `POST /calendar/appointments: ${booked.status()}`).toBeTruthy();
    const appointment = (await booked.json()) as { appointment_id: string };

    await page.goto(`/calendar/${appointment.appointment_id}`);
    const panel = page.getByTestId('appointment-panel');
    await expect(panel.getByTestId('appointment-title')).toHaveText(title, { timeout: 20_000 });
    await panel.getByRole('button', { name: 'View Lead Profile' }).click();
    await expect(page).toHaveURL(new RegExp(`/leads/${lead.person_id}$`));
  });
});
