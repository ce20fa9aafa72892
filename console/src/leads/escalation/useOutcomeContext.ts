import type { PersonDto } from '@pp/contracts';
import { useGetList } from 'react-admin';
import { FIVE_MINUTES, usePractices } from '../../practices/usePractices';
import type { LocationOption } from './outcomeForm';

/** What the outcome form needs besides the lead: the practice's name (email subject) and its locations. */
export function useOutcomeContext(person: Pick<PersonDto, 'practice_id'>) {
  const { practices } = usePractices();
  const practiceName =
    practices.find((practice) => practice.practice_id === person.practice_id)?.name ?? null;
  const { data, isPending } = useGetList<LocationOption & { id: string }>(
    'locations',
    {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
      meta: { practiceId: person.practice_id },
    },
    { staleTime: FIVE_MINUTES },
  );
  return { practiceName, locations: (data ?? []) as LocationOption[], locationsPending: isPending };
}
