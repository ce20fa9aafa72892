import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { i18nProvider } from '../providers/i18nProvider';
import { DateRangePicker } from './DateRangePicker';
import { presetRange } from './dateRange';

function renderPicker(value: Parameters<typeof DateRangePicker>[0]['value']) {
  const onChange = jest.fn();
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <DateRangePicker value={value} onChange={onChange} />
    </AdminContext>,
  );
  return onChange;
}

describe('the date range picker', () => {
  it("shows 'Select date range' when empty", () => {
    renderPicker(null);
    expect(screen.getByRole('button', { name: 'Date range' })).toHaveTextContent('Select date range');
  });

  it('shows the chosen range, marks its preset and hands on a chosen preset', async () => {
    const onChange = renderPicker({ start: '2026-11-02', end: '2026-11-05' });
    expect(screen.getByRole('button', { name: 'Date range' })).toHaveTextContent('Nov 2, 2026 – Nov 5, 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Date range' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yesterday' }));
    expect(onChange).toHaveBeenCalledWith(presetRange('yesterday'));
  });

  it('marks the preset the range is', async () => {
    renderPicker(presetRange('last_90_days'));
    await userEvent.click(screen.getByRole('button', { name: 'Date range' }));
    expect(screen.getByRole('button', { name: 'Last 90 days' })).toHaveClass('Mui-selected');
    expect(screen.getByRole('button', { name: 'Today' })).not.toHaveClass('Mui-selected');
  });
});
