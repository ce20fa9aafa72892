import { lazy, Suspense } from 'react';
import { Admin, CustomRoutes } from 'react-admin';
import { BrowserRouter, Navigate, Route } from 'react-router-dom';
import { Layout } from './layout/Layout';
import { LeadsPage } from './leads/LeadsPage';
import { theme } from './layout/theme';
import { OnboardingSessionPage, OnboardingStartPage } from './onboarding/OnboardingPages';
import { SignUpPage } from './onboarding/SignUpPage';
import { LoginPage } from './pages/LoginPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { PageLoading } from './pages/PageLoading';
import { Protected } from './pages/Protected';
import { VerifyingAuth } from './pages/VerifyingAuth';
import { WelcomePage } from './pages/WelcomePage';
import { SettingsPage } from './settings/SettingsPage';
import { authProvider } from './providers/authProvider';
import { createDataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { createQueryClient } from './providers/queryClient';

const dataProvider = createDataProvider();
const queryClient = createQueryClient();

/** Loaded on first visit: FullCalendar stays out of the leads workspace's bundle (its own chunk, vite.config.ts). */
const CalendarPage = lazy(() => import('./calendar/CalendarPage'));
/** Loaded on first visit too: recharts and Leaflet stay out of the leads workspace's bundle (vite.config.ts). */
const AnalyticsPage = lazy(() => import('./analytics/AnalyticsPage'));

/**
 * The console's routes (docs/product/shell.md, route table). Public: /, /login, /signup and the no-signup
 * demo. Everything else is inside the staff shell and checks the token first.
 */
export function App() {
  // Real paths (/leads/42), not react-admin's default hash router: the gateway serves index.html for deep links.
  return (
    <BrowserRouter>
      <Admin
        title="PracticePilot"
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        queryClient={queryClient}
        theme={theme}
        layout={Layout}
        loginPage={LoginPage}
        loading={VerifyingAuth}
        catchAll={NotFoundPage}
        requireAuth
        disableTelemetry
      >
        <CustomRoutes noLayout>
          <Route path="/" element={<WelcomePage />} />
          <Route path="/onboarding" element={<OnboardingStartPage />} />
          {/* Without an id the page says so (docs/product/onboarding.md#demo-session). */}
          <Route path="/onboarding-session/:sessionId?" element={<OnboardingSessionPage />} />
          {/* Where the demo's sign-up button lands, through the gateway's register redirect. */}
          <Route path="/signup" element={<SignUpPage />} />
        </CustomRoutes>
        <CustomRoutes>
          <Route
            path="/leads/:leadId?"
            element={
              <Protected>
                <LeadsPage />
              </Protected>
            }
          />
          <Route
            path="/calendar/:appointmentId?"
            element={
              <Protected>
                <Suspense fallback={<PageLoading />}>
                  <CalendarPage />
                </Suspense>
              </Protected>
            }
          />
          <Route
            path="/analytics/:view?"
            element={
              <Protected>
                <Suspense fallback={<PageLoading />}>
                  <AnalyticsPage />
                </Suspense>
              </Protected>
            }
          />
          <Route path="/settings" element={<Navigate to="/settings/communications" replace />} />
          <Route
            path="/settings/:category/:action?/:provider?"
            element={
              <Protected>
                <SettingsPage />
              </Protected>
            }
          />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
