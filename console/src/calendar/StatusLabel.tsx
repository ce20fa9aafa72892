import { useTranslate } from 'react-admin';
import { KNOWN_STATUSES } from './calendarRules';

/** A status's label: the catalogue's for the known ones, else the status itself, tidied ('no_show' → 'No show'). */
export function StatusLabel({ status }: { status: string }) {
  const translate = useTranslate();
  if ((KNOWN_STATUSES as readonly string[]).includes(status))
    return <>{translate(`pp.calendar.statuses.${status}`)}</>;
  const text = status.replace(/_/g, ' ');
  return <>{text.charAt(0).toUpperCase() + text.slice(1)}</>;
}
