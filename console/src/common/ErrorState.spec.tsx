import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { i18nProvider } from '../providers/i18nProvider';
import { ErrorState } from './ErrorState';

const renderState = (props: Parameters<typeof ErrorState>[0]) =>
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <ErrorState {...props} />
    </AdminContext>,
  );

describe('ErrorState', () => {
  it('says what failed and why, as an alert, with Try again', async () => {
    const onRetry = jest.fn();
    renderState({ title: 'Failed to fetch appointments', message: 'Bad gateway', onRetry });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch appointments');
    expect(alert).toHaveTextContent('Bad gateway');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('says a reason once, and offers no retry for what cannot be asked again', () => {
    renderState({ title: 'Failed to fetch appointments', message: 'Failed to fetch appointments' });
    expect(screen.getByRole('alert')).toHaveTextContent(/^Failed to fetch appointments$/);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
