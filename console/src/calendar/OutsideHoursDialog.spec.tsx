import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { i18nProvider } from '../providers/i18nProvider';
import { OutsideHoursDialog } from './OutsideHoursDialog';
import { anAppointment } from './testKit';

function renderDialog(answer: jest.Mock, changes = {}) {
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <OutsideHoursDialog
        question={{
          appointment: anAppointment(changes),
          // Saturday 28 November 2026, 19:00 in Chicago.
          newStart: new Date('2026-11-29T01:00:00.000Z'),
          answer,
        }}
        fallbackZone="UTC"
      />
    </AdminContext>,
  );
}

describe('the outside-hours confirmation', () => {
  it('says which appointment would move when, on the location’s clock, and where', () => {
    renderDialog(jest.fn());
    const dialog = screen.getByRole('dialog', { name: 'Outside business hours' });
    expect(dialog).toHaveTextContent(
      /“Botox consultation” would start on Saturday, November 28, 2026(,| at) 7:00\sPM CST, outside the business hours of Dallas\. Move it anyway\?/,
    );
  });

  it('Move anyway confirms; Cancel and Escape decline', async () => {
    const answer = jest.fn();
    renderDialog(answer);
    await userEvent.click(screen.getByRole('button', { name: 'Move anyway' }));
    expect(answer).toHaveBeenLastCalledWith(true);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(answer).toHaveBeenLastCalledWith(false);
    answer.mockClear();
    await userEvent.keyboard('{Escape}');
    expect(answer).toHaveBeenCalledWith(false);
  });

  it('names the location generically when the appointment has none', () => {
    renderDialog(jest.fn(), { location_name: null });
    expect(screen.getByRole('dialog')).toHaveTextContent('outside the business hours of its location.');
  });
});
