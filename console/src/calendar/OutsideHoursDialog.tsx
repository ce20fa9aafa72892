import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { AppointmentDto } from '@pp/contracts';
import { useTranslate } from 'react-admin';
import { appointmentLabel } from './calendarRules';
import { formatOnClock, zoneOf } from './clock';

/** A move the server refused as outside the location's business hours, waiting for staff's answer. */
export interface OutsideHoursQuestion {
  appointment: AppointmentDto;
  /** The dropped start, an instant. */
  newStart: Date;
  answer: (confirmed: boolean) => void;
}

/**
 * Asks staff whether to move an appointment outside its location's business hours anyway (docs/product/calendar.md
 * #the-console-page): 'Move anyway' sends the move again with the confirmation; 'Cancel' (or closing) puts the
 * event back where it was.
 */
export function OutsideHoursDialog({
  question,
  fallbackZone,
}: {
  question: OutsideHoursQuestion;
  fallbackZone: string;
}) {
  const translate = useTranslate();
  const { appointment, newStart, answer } = question;
  const zone = zoneOf(appointment, fallbackZone);
  return (
    <Dialog open onClose={() => answer(false)} aria-labelledby="outside-hours-title">
      <DialogTitle id="outside-hours-title">{translate('pp.calendar.outside_hours.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate('pp.calendar.outside_hours.text', {
            title: appointmentLabel(appointment),
            when: formatOnClock(newStart, zone),
            location: appointment.location_name || translate('pp.calendar.outside_hours.the_location'),
          })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => answer(false)}>{translate('pp.calendar.outside_hours.cancel')}</Button>
        <Button variant="contained" onClick={() => answer(true)}>
          {translate('pp.calendar.outside_hours.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
