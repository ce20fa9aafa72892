import ArrowUpward from '@mui/icons-material/ArrowUpward';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { newLeadsCount } from './listRules';

/** 'N New Leads' (99+ at most): new leads arrived while the list was scrolled away from the top. */
export function NewLeadsPill({ count, onClick }: { count: number; onClick: () => void }) {
  const translate = useTranslate();
  if (count <= 0) return null;
  return (
    <Button
      variant="contained"
      size="small"
      startIcon={<ArrowUpward fontSize="small" />}
      onClick={onClick}
      data-testid="new-leads-pill"
      sx={{
        position: 'absolute',
        top: 8,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 2,
        borderRadius: 99,
        boxShadow: 3,
        textTransform: 'none',
        whiteSpace: 'nowrap',
      }}
    >
      {translate('pp.leads.new_leads', { count: newLeadsCount(count) })}
    </Button>
  );
}
