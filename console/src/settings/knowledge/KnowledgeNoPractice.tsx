import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** docs/product/settings.md#knowledge: the knowledge page without a selected practice. */
export function KnowledgeNoPractice() {
  const translate = useTranslate();
  return <Typography color="text.secondary">{translate('pp.settings.knowledge.no_practice')}</Typography>;
}
