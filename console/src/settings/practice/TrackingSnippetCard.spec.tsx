import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockGateway, renderAt } from '../testKit';
import { PracticeSettings } from './PracticeSettings';
import { trackingSnippet } from './TrackingSnippetCard';

function gateway() {
  return mockGateway({
    'GET practices/p-glow': {
      practice_id: 'p-glow',
      name: 'Glow Aesthetics',
      website_url: 'https://glowaesthetics.com',
      automation_level: 'semi_auto',
      outreach_preferences: {},
      site_key: 'site_glow_demo',
    },
    'GET practices/p-glow/locations/': [],
  });
}

const show = () => renderAt('/settings/practice', <PracticeSettings practiceId="p-glow" />);
const TAG = `<script async src="${window.location.origin}/pp.js" data-site-key="site_glow_demo"></script>`;

describe('Website Tracking', () => {
  it("shows the one tag to paste, carrying the practice's site key, and copies it", async () => {
    gateway();
    show();
    const user = userEvent.setup();

    const card = await screen.findByTestId('website-tracking');
    expect(within(card).getByRole('heading', { name: 'Website Tracking' })).toBeInTheDocument();
    expect(within(card).getByLabelText('Tracking snippet')).toHaveValue(TAG);

    await user.click(within(card).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(TAG);
    expect(within(card).getByRole('status')).toHaveTextContent('Copied to the clipboard');
  });

  it('adds data-respect-dnt to the tag when the practice honours Do Not Track', async () => {
    gateway();
    show();
    const user = userEvent.setup();

    const card = await screen.findByTestId('website-tracking');
    await user.click(within(card).getByRole('switch', { name: 'Honour Do Not Track' }));
    const tag = TAG.replace('></script>', ' data-respect-dnt="true"></script>');
    expect(within(card).getByLabelText('Tracking snippet')).toHaveValue(tag);
    await user.click(within(card).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(tag);
  });

  it('selects the tag for the keyboard when the clipboard refuses', async () => {
    gateway();
    show();
    const user = userEvent.setup();
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('NotAllowedError'));

    const card = await screen.findByTestId('website-tracking');
    await user.click(within(card).getByRole('button', { name: 'Copy' }));
    expect(await within(card).findByText(/Could not copy: the snippet is selected/)).toBeInTheDocument();
    const field = within(card).getByLabelText('Tracking snippet') as HTMLTextAreaElement;
    expect(field).toHaveFocus();
    expect(field.value.slice(field.selectionStart, field.selectionEnd)).toBe(TAG);
  });

  it('builds the tag from the origin, the site key and the Do Not Track choice', () => {
    expect(trackingSnippet('https://app.practicepilot.example', 'site_x', false)).toBe(
      '<script async src="https://app.practicepilot.example/pp.js" data-site-key="site_x"></script>',
    );
    expect(trackingSnippet('https://app.practicepilot.example', 'site_x', true)).toBe(
      '<script async src="https://app.practicepilot.example/pp.js" data-site-key="site_x" data-respect-dnt="true"></script>',
    );
  });
});
