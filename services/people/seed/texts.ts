/**
 * Message texts for the demo timelines. `{first}`, `{proc}`, `{practice}`, `{assistant}`, `{day}` and
 * `{time}` are filled per lead. Inbound texts are what a lead might really type; a few carry markup and
 * quotes on purpose (MARKUP_TEXTS) because the console must show them as text, never as HTML.
 */
export const FORM_MESSAGES = [
  "Hi, I'm interested in {proc}. What does it cost and do you have openings next week?",
  'Looking for info on {proc}. First time, a little nervous!',
  'Can I book a consultation for {proc}? Evenings work best for me.',
  'Do you offer payment plans for {proc}?',
  'My friend came to you for {proc} and loved it. I would like to book too.',
  'What is the recovery like for {proc}? I work full time.',
  '',
];

/** Markup, ampersands and quotes in what leads typed: rendered as text by the console (spec, issue 4). */
export const MARKUP_TEXTS = [
  'Is the <b>{proc}</b> special still on? My sister & I want to come "together" if so',
  '<script>alert(1)</script> sorry, my kid grabbed my phone lol. Yes to {day} please!',
  'Prices for {proc} & "touch-ups"? <i>Please</i> text, don\'t call <3',
];

export const AI_FIRST_SMS = [
  'Hi {first}, this is {assistant} from {practice}! Thanks for your interest in {proc}. Would you like to set up a complimentary consultation this week?',
  'Hi {first}! {assistant} here with {practice}. I saw you asked about {proc} - happy to answer questions or find you a consult time. What works best?',
  'Hello {first}, thanks for reaching out to {practice} about {proc}. We have openings {day} - want me to hold one for you?',
];

export const AI_REPLIES = [
  'Great question! Most patients say {proc} feels like a quick pinch. We also use numbing cream. Would {day} at {time} work for a consult?',
  'Pricing for {proc} depends on your goals - the consultation is free and you will get an exact quote. Want me to book {day} at {time}?',
  'Yes, we offer financing through CareCredit and Cherry. I can send you the link, or we can go over options at your consult.',
  'We have evening appointments until 7pm on Tuesdays and Thursdays. Should I reserve {day} at {time}?',
  'Totally understand! Results from {proc} usually look natural and settle in about two weeks. Happy to set up a no-pressure consult.',
];

export const LEAD_REPLIES = [
  'Yes please! {day} works',
  'How much is it roughly?',
  'Can I come after work?',
  "Thanks! I'll check my calendar and get back to you",
  'Sounds good. Is parking free?',
  'Perfect, see you then',
  'What should I do to prepare?',
];

export const EMAIL_SUBJECTS = [
  'Your {proc} consultation at {practice}',
  'Following up on your {proc} inquiry',
  'A few answers about {proc}',
];

export const AI_EMAILS = [
  'Hi {first},\n\nThank you for your interest in {proc} at {practice}. I have attached our most common questions and answers. Our team has openings {day}; reply with a time that suits you and I will book it.\n\nWarmly,\n{assistant}',
  'Hi {first},\n\nJust following up on your question about {proc}. Every plan starts with a free consultation where you meet the provider and get an exact quote. Would {day} at {time} work?\n\nBest,\n{assistant}',
];

export const LEAD_EMAILS = [
  'Thanks for the info. Do you have anything on a Saturday?',
  'Hi, what would the total cost be including follow-up visits?',
  "Thank you! I'd like to book, {day} at {time} works.",
];

export const CALL_SUMMARIES_ANSWERED = [
  '{first} asked about {proc} pricing and downtime. Interested in a consultation; prefers late afternoons.',
  '{first} wanted to know if {proc} is right for them. Explained the consult process; they will confirm a time by text.',
  'Discussed {proc} options and financing. {first} is comparing two practices and wants a quote.',
];

export const CALL_SUMMARIES_VOICEMAIL = [
  'No answer. Left a short voicemail inviting {first} to book a consultation for {proc}.',
  'Voicemail reached. Left a callback number and mentioned our {proc} consultation availability.',
];

export const TRANSCRIPT = [
  'AI: Hi, this is {assistant} from {practice}. Is this {first}?',
  'Lead: Yes, hi.',
  'AI: You asked about {proc} on our website - do you have a minute for a couple of questions?',
  'Lead: Sure. Mostly I want to know about cost and how long it takes.',
  'AI: Of course. The consultation is free and the provider will give you an exact quote. Would {day} at {time} work?',
  'Lead: Let me check and text you back.',
].join('\n');

export const CLOSE_OUT_REPLIES = [
  'STOP',
  'Not interested anymore, thanks',
  'I went with another office closer to home. Please remove me from your list.',
  "Please stop texting me, I'll reach out if I change my mind",
];

export const NO_SHOW_SMS = [
  "Hi {first}, we missed you at today's consultation. No worries - would you like to pick a new time?",
];

export const POST_CONSULT_SMS = [
  'Hi {first}, thank you for coming in today! Let us know if you have any questions about your {proc} plan.',
  'Thanks for visiting {practice}, {first}! Your treatment plan for {proc} is ready whenever you are.',
];

export const CONFIRM_SMS = [
  "You're booked, {first}! {title} on {when} at {location}. Reply C to confirm or R to reschedule.",
];

export const CANCEL_REPLIES = [
  'Something came up at work, I need to cancel my appointment',
  'Sorry, I have to cancel - my kid is sick',
];

export const DAYS = ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday morning', 'next Monday'];
export const TIMES = ['10:00 AM', '11:30 AM', '1:00 PM', '2:30 PM', '4:00 PM', '5:30 PM'];

export const INTENTS = [
  'information_request',
  'pricing_inquiry',
  'booking_intent',
  'scheduling',
  'objection',
];

/** Why the AI did what it did (event_metadata.orchestrator_decision.reasoning), by kind of action. */
export const ORCHESTRATOR_REASONS = {
  first: 'New inquiry during business hours; a friendly SMS within minutes converts best.',
  reply: 'Lead asked a question; answer it and offer two concrete consult times.',
  followUp: 'No reply in 48 hours; one follow-up by the preferred channel before trying a call.',
  call: 'Two messages without a reply; a short call often reaches leads who ignore texts.',
  engaged: 'Lead is engaged and has several questions; a short call answers them faster than texts.',
  booking: 'Lead agreed to a time; book the consultation and confirm it in writing.',
  note: 'Keep in touch around the appointment; patients who hear from us book treatment more often.',
  schedule: 'Plan the next touch for when this lead is most likely to respond.',
} as const;

export const AI_ESCALATION_REASONING = [
  'The lead raised a medical or billing concern that policy reserves for staff; pausing automated outreach.',
  'The request needs a decision only staff can make; a human should reply within the day.',
];

/** Fills `{name}` placeholders; unknown ones are left as they are. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
