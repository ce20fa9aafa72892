import { Link } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';

export const MAIN_CONTENT_ID = 'main-content';
/** The lead detail column of the leads workspace (LeadsPage). */
export const LEAD_DETAIL_TARGET = 'lead-detail';

/**
 * The first stop of the keyboard: hidden until focused, it moves focus past the top bar, the icon sidebar,
 * the stage sidebar and the list, to the lead detail on the leads pages, else to the page. Focus is moved
 * by hand: following the #hash would be a navigation for the router.
 */
export function SkipLink() {
  const translate = useTranslate();
  const onLeads = useLocation().pathname.startsWith('/leads');
  const target = onLeads ? LEAD_DETAIL_TARGET : MAIN_CONTENT_ID;
  return (
    <Link
      href={`#${target}`}
      data-testid="skip-link"
      onClick={(event) => {
        event.preventDefault();
        const element = document.getElementById(target) ?? document.getElementById(MAIN_CONTENT_ID);
        element?.focus();
        element?.scrollIntoView?.({ block: 'start' });
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: 8,
        zIndex: 'tooltip',
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        boxShadow: 4,
        fontWeight: 600,
        transform: 'translateY(-200%)',
        '&:focus, &:focus-visible': { transform: 'none' },
      }}
    >
      {translate(onLeads ? 'pp.shell.skip_to_lead' : 'pp.shell.skip_to_main')}
    </Link>
  );
}
