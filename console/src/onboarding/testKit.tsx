import { render } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { i18nProvider } from '../providers/i18nProvider';
import { createQueryClient } from '../providers/queryClient';
import { OnboardingSessionPage, OnboardingStartPage } from './OnboardingPages';

/** Test helpers for the public demo (jsdom): the real pages, HTTP client and query defaults over a mocked fetch. */

export { json, mockGateway, type Handler } from '../settings/testKit';

/** A status answer (docs/product/onboarding.md#session): Glow Aesthetics' site, analysed and ready. */
export const readySession = (overrides: Record<string, unknown> = {}) => ({
  status: 'ready',
  website_url: 'https://glowaesthetics.com',
  error_message: null,
  extracted_data: {
    practice_name: 'Glow Aesthetics',
    about_summary: 'A medspa in Dallas offering injectables and laser treatments since 2012.',
    doctors_names: ['Dr. Maya Chen', 'Dr. Luis Ortega'],
    specialties: ['Aesthetic medicine', 'Dermatology'],
    key_services: ['Botox', 'Dermal fillers', 'Laser hair removal'],
    address: '2100 McKinney Ave, Dallas, TX 75201',
    phone_number: '(214) 555-0100',
    email_address: 'hello@glowaesthetics.com',
    booking_info: 'Book online or call the front desk.',
    error: null,
    warning: null,
  },
  sources: {
    practice_name: 'https://glowaesthetics.com/',
    about_summary: 'https://glowaesthetics.com/about',
    address: 'https://glowaesthetics.com/contact',
  },
  progress: { pages_found: 12, pages_processed: 12 },
  expires_at: '2026-11-30T10:00:00.000Z',
  ...overrides,
});

export const inProgressSession = (
  status = 'crawling',
  progress: unknown = { pages_found: 12, pages_processed: 7 },
) => readySession({ status, extracted_data: null, sources: null, progress });

/** Where the router is now. */
function Address() {
  const location = useLocation();
  return <p data-testid="address">{location.pathname}</p>;
}

/** The two demo routes as App.tsx has them, signed out, with the console's query defaults. */
export function renderDemo(path: string) {
  const queryClient = createQueryClient();
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext i18nProvider={i18nProvider} queryClient={queryClient}>
        <Routes>
          <Route path="/onboarding" element={<OnboardingStartPage />} />
          <Route path="/onboarding-session/:sessionId?" element={<OnboardingSessionPage />} />
        </Routes>
        <Address />
      </AdminContext>
    </MemoryRouter>,
  );
  return { ...view, queryClient };
}
