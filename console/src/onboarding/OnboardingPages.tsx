import { Box, Container, type ContainerProps } from '@mui/material';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Brand } from '../layout/Brand';
import { DemoSession } from './DemoSession';
import { StartDemo } from './StartDemo';

/**
 * The public demo (docs/product/onboarding.md): /onboarding and /onboarding-session/{sessionId}. No sign-in;
 * its calls go without the bearer token (./api.ts).
 */
function OnboardingFrame({
  maxWidth,
  children,
}: {
  maxWidth: ContainerProps['maxWidth'];
  children: ReactNode;
}) {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', overflowX: 'hidden' }}>
      <Container maxWidth="lg" sx={{ py: 3 }}>
        <Box component={Link} to="/" sx={{ textDecoration: 'none', display: 'inline-block' }}>
          <Brand />
        </Box>
      </Container>
      <Container maxWidth={maxWidth} sx={{ pt: { xs: 1, sm: 3 }, pb: 6 }}>
        {children}
      </Container>
    </Box>
  );
}

/** /onboarding: the demo start form (docs/product/onboarding.md#demo-start). */
export function OnboardingStartPage() {
  return (
    <OnboardingFrame maxWidth="sm">
      <StartDemo />
    </OnboardingFrame>
  );
}

/** /onboarding-session/{sessionId}: status, extracted data, chat, voice call, sign-up (#demo-session). */
export function OnboardingSessionPage() {
  const { sessionId } = useParams();
  return (
    <OnboardingFrame maxWidth="lg">
      {/* A new id is a new session: no state of the previous one carries over. */}
      <DemoSession key={sessionId ?? ''} sessionId={sessionId?.trim() || undefined} />
    </OnboardingFrame>
  );
}
