import CallMadeOutlined from '@mui/icons-material/CallMade';
import CallReceivedOutlined from '@mui/icons-material/CallReceived';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import { Box } from '@mui/material';
import type { Channel, Direction } from './liveEvents';

const ICONS = {
  phone: PhoneOutlined,
  email: EmailOutlined,
  sms: SmsOutlined,
  webchat: ChatOutlined,
  appointment: EventOutlined,
} as const;

/** The activity channel's icon, with a small arrow for incoming or outgoing. */
export function ChannelIcon({ channel, direction }: { channel: Channel; direction: Direction }) {
  const Icon = ICONS[channel];
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', color: 'text.secondary' }}
      aria-hidden
    >
      <Icon fontSize="small" data-testid={`channel-icon-${channel}`} />
      {direction === 'incoming' && <CallReceivedOutlined sx={{ fontSize: 12 }} />}
      {direction === 'outgoing' && <CallMadeOutlined sx={{ fontSize: 12 }} />}
    </Box>
  );
}
