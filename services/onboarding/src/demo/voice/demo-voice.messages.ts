/** What the voice demo says to a prospect (docs/product/onboarding.md#voice-demo). */
export const VoiceDemoMessages = {
  invalidPhone:
    'Enter a valid phone number, with its country code for numbers outside the US (for example +44 20 7946 0958).',
  otherPhone: (masked: string) =>
    `This demo already calls the number ending ${masked}. Start a new demo to use another number.`,
  noPhone: 'Add your phone number first.',
  notReady: 'The demo assistant is not ready yet: your website is still being analysed.',
  sessionLimit: 'This demo has placed its calls. Sign up to keep talking to your assistant.',
  numberLimit: 'This number has received several demo calls today. Please try again tomorrow.',
  dayLimit: 'We have placed as many demo calls as we can today. Please try again tomorrow.',
  optedOut: 'This number asked us not to call it again, so the demo will not call it.',
  signature: 'Missing or invalid X-Twilio-Signature',
  callFailed: 'Failed to initiate call.',
} as const;
