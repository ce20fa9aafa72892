import { Box } from '@mui/material';
import type { Segment } from './highlight';

/** Text with its matching runs in <mark>. Everything is a text node: nothing a lead typed becomes HTML. */
export function Highlighted({ segments }: { segments: Segment[] }) {
  return (
    <>
      {segments.map((segment, i) =>
        segment.match ? (
          <Box
            key={i}
            component="mark"
            sx={{ bgcolor: 'warning.light', color: 'inherit', borderRadius: 0.5, px: 0.125 }}
          >
            {segment.text}
          </Box>
        ) : (
          <span key={i}>{segment.text}</span>
        ),
      )}
    </>
  );
}
