import Search from '@mui/icons-material/Search';
import { Box, ClickAwayListener, InputBase, Paper, Popper, Typography } from '@mui/material';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useSelectedPracticeId } from '../practices/selectedPractice';
import { SearchResultRow } from './SearchResultRow';
import { useLeadSearch } from './useLeadSearch';

/** The dropdown's maximum height (docs/product/shell.md). */
export const SEARCH_DROPDOWN_MAX_HEIGHT = 420;

/**
 * The top bar's lead search: a combobox over the selected practice's leads. Choosing a row (click, or arrows
 * and Enter) clears the search and opens /leads/{person_id}; Escape or a click outside cancels the request
 * and clears the search.
 */
export function LeadSearch() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const practiceId = useSelectedPracticeId();
  const [text, setText] = useState('');
  const [highlighted, setHighlighted] = useState(-1);
  const [anchor, setAnchor] = useState<HTMLDivElement | null>(null);
  const listId = useId();
  const { results, loading, active, abort } = useLeadSearch(practiceId, text);
  const open = active && !!anchor;

  const clear = () => {
    abort();
    setText('');
    setHighlighted(-1);
  };
  const choose = (personId: string) => {
    clear();
    navigate(`/leads/${encodeURIComponent(personId)}`);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      clear();
    } else if (event.key === 'ArrowDown' && results.length > 0) {
      event.preventDefault();
      setHighlighted((index) => Math.min(index + 1, results.length - 1));
    } else if (event.key === 'ArrowUp' && results.length > 0) {
      event.preventDefault();
      setHighlighted((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter' && results[highlighted]) {
      event.preventDefault();
      choose(results[highlighted].person_id);
    }
  };
  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <ClickAwayListener onClickAway={() => text && clear()}>
      <Box
        ref={setAnchor}
        role="search"
        sx={{
          flex: 1,
          maxWidth: 480,
          mx: 'auto',
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 1.5,
          height: 38,
          borderRadius: 2,
          bgcolor: 'background.default',
          border: 1,
          borderColor: 'divider',
          '&:focus-within': { borderColor: 'primary.main', bgcolor: 'background.paper' },
        }}
      >
        <Search fontSize="small" color="action" />
        <InputBase
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setHighlighted(-1);
          }}
          onKeyDown={onKeyDown}
          placeholder={translate('pp.shell.search_placeholder')}
          inputProps={{
            'aria-label': translate('pp.shell.search_label'),
            type: 'search',
            role: 'combobox',
            autoComplete: 'off',
            'aria-autocomplete': 'list',
            'aria-expanded': open,
            'aria-controls': listId,
            'aria-activedescendant': highlighted >= 0 ? optionId(highlighted) : undefined,
          }}
          sx={{ flex: 1, fontSize: 14 }}
        />
        <Popper
          open={open}
          anchorEl={anchor}
          placement="bottom-start"
          sx={{ zIndex: (theme) => theme.zIndex.modal }}
        >
          <Paper
            elevation={8}
            sx={{
              mt: 0.5,
              width: Math.max(anchor?.offsetWidth ?? 0, 420),
              maxHeight: SEARCH_DROPDOWN_MAX_HEIGHT,
              overflowY: 'auto',
            }}
          >
            {loading ? (
              <Typography sx={{ p: 2 }} color="text.secondary" role="status">
                {translate('pp.search.searching')}
              </Typography>
            ) : results.length === 0 ? (
              <Typography sx={{ p: 2 }} color="text.secondary" role="status">
                {translate('pp.search.none')}
              </Typography>
            ) : (
              <Box
                component="ul"
                role="listbox"
                id={listId}
                aria-label={translate('pp.shell.search_label')}
                sx={{ listStyle: 'none', m: 0, p: 0.5 }}
              >
                {results.map((person, index) => (
                  <Box
                    component="li"
                    key={person.person_id}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === highlighted}
                    onMouseEnter={() => setHighlighted(index)}
                    onClick={() => choose(person.person_id)}
                    sx={{
                      px: 1.5,
                      py: 1,
                      borderRadius: 1,
                      cursor: 'pointer',
                      bgcolor: index === highlighted ? 'action.hover' : undefined,
                    }}
                  >
                    <SearchResultRow person={person} query={text} />
                  </Box>
                ))}
              </Box>
            )}
          </Paper>
        </Popper>
      </Box>
    </ClickAwayListener>
  );
}
