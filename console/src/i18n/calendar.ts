/**
 * The texts of the calendar page (docs/product/calendar.md), under pp.calendar in en.ts. Quoted texts are the
 * product's, copied exactly.
 */
export const calendarTexts = {
  page_title: 'Calendar',
  select_practice_title: 'Select a Practice',
  select_practice: 'Please select a practice to view appointments.',
  views: {
    month: 'Month',
    week: 'Week',
    day: 'Day',
    list: 'List',
    today: 'Today',
  },
  filters: {
    title: 'Filters',
    locations: 'Locations',
    all_locations: 'All locations',
    status: 'Status',
    search: 'Search',
    search_placeholder: 'Title or person name',
    overview: 'Calendar Overview',
    total: 'Total',
    shown: 'Shown',
    show: 'Show filters',
  },
  statuses: {
    confirmed: 'Confirmed',
    cancelled: 'Cancelled',
    pending: 'Pending',
    no_show: 'No show',
  },
  detail: {
    title: 'Appointment',
    not_found: 'This appointment is not in the calendar’s current range.',
    close: 'Close',
    location: 'Location',
    person: 'Person',
    phone: 'Phone',
    email: 'Email',
    age: 'Age',
    lives_in: 'Lives in',
    education: 'Education',
    view_lead: 'View Lead Profile',
    call: 'Call',
    sms: 'SMS',
    email_action: 'Email',
    external: 'External (source or Read-Only)',
    source: 'Source: %{source}',
    view_in_ghl: 'View in GHL',
  },
  outside_hours: {
    title: 'Outside business hours',
    text: '“%{title}” would start on %{when}, outside the business hours of %{location}. Move it anyway?',
    the_location: 'its location',
    cancel: 'Cancel',
    confirm: 'Move anyway',
  },
  // A refused move is logged (docs/product/calendar.md#errors) and also told to staff (ADR 0039).
  move_refused: 'The appointment was not moved: %{reason}',
  // docs/product/calendar.md#errors
  errors: {
    no_token: 'No authentication token found',
    fetch_appointments: 'Failed to fetch appointments',
    unknown: 'Unknown error',
    http: 'HTTP %{status}',
  },
};
