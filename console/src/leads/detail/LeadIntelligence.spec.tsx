import type { ScoreFactor } from '@pp/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LeadIntelligence } from './LeadIntelligence';
import { aPerson, renderWithAdmin } from './testKit';

const FACTORS: ScoreFactor[] = [
  {
    factor: 'urgency',
    label: 'Urgency',
    weight: 15,
    value: 0.5,
    contribution: 7.5,
    explanation: 'Wants to come in this week',
  },
  {
    factor: 'intent',
    label: 'Intent',
    weight: 25,
    value: 1,
    contribution: 25,
    explanation: 'Asked about booking',
  },
  {
    factor: 'reachability',
    label: 'Channel reachability',
    weight: 10,
    value: 0.5,
    contribution: 5,
    explanation: 'Phone only',
  },
];

const scored = (changes = {}) =>
  aPerson({
    behavioral_insights: {
      lead_intelligence: { lead_score: 37.5, conversion_probability: 0.34, score_factors: FACTORS },
    },
    ...changes,
  });

describe('LeadIntelligence', () => {
  it('explains the score in a tooltip: every factor with its points of its weight and why, and the conversion probability', async () => {
    renderWithAdmin(<LeadIntelligence person={scored()} />);
    const user = userEvent.setup();

    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.hover(screen.getByTestId('lead-score'));
    const tooltip = await screen.findByRole('tooltip');
    expect(within(tooltip).getByText('What makes up this score')).toBeInTheDocument();
    const rows = within(tooltip)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Intent25 of 25 pointsAsked about booking',
      'Urgency7.5 of 15 pointsWants to come in this week',
      'Channel reachability5 of 10 pointsPhone only',
    ]);
    expect(within(tooltip).getByText('Conversion probability: 34%')).toBeInTheDocument();
  });

  it('opens the explanation from the keyboard too', async () => {
    renderWithAdmin(<LeadIntelligence person={scored()} />);
    const user = userEvent.setup();

    await user.tab();
    expect(screen.getByTestId('lead-score')).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Asked about booking');
  });

  it('shows the score alone when nothing explains it', async () => {
    renderWithAdmin(
      <LeadIntelligence
        person={aPerson({ behavioral_insights: { lead_intelligence: { lead_score: 61 } } })}
      />,
    );
    expect(screen.getByText('61/100')).toBeInTheDocument();
    expect(screen.queryByTestId('lead-score')).not.toBeInTheDocument();
  });

  it.each([
    [42, '42 s'],
    [185, '3 min 5 s'],
    [7800, '2 h 10 min'],
  ])('shows a speed to lead of %s seconds as %s', (seconds, text) => {
    renderWithAdmin(<LeadIntelligence person={scored({ speed_to_lead_seconds: seconds })} />);
    expect(screen.getByText('Speed to lead')).toBeInTheDocument();
    expect(screen.getByTestId('speed-to-lead')).toHaveTextContent(text);
  });

  it('hides speed to lead until it is known', () => {
    renderWithAdmin(<LeadIntelligence person={scored({ speed_to_lead_seconds: null })} />);
    expect(screen.queryByText('Speed to lead')).not.toBeInTheDocument();
    renderWithAdmin(<LeadIntelligence person={scored()} />);
    expect(screen.queryByText('Speed to lead')).not.toBeInTheDocument();
  });
});
