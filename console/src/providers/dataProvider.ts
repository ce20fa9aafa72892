import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, GetListParams, GetManyParams, Identifier, RaRecord } from 'react-admin';
import { en } from '../i18n/en';
import type { CurrentUser } from './authProvider';
import { fetchCurrentUser } from './authProvider';
import { API_URL, httpClient } from './http';
import { getSelectedPracticeId } from '../practices/selectedPractice';

export interface Practice {
  practice_id: string;
  name: string;
}

/**
 * The CRUD-shaped resources and where they live on the gateway. Practice-scoped resources take the practice
 * from `meta.practiceId`, else the selected practice. The gateway answers their lists with a Content-Range
 * header, which ra-data-simple-rest reads for the total.
 */
const RESOURCES: Record<
  string,
  { path: (practiceId: string) => string; idField: string; fallback?: string }
> = {
  practices: { path: () => 'practices', idField: 'practice_id' },
  locations: {
    path: (practiceId) => `practices/${practiceId}/locations`,
    idField: 'location_id',
    fallback: en.pp.errors.locations,
  },
  'virtual-numbers': {
    path: (practiceId) => `practices/${practiceId}/virtual-numbers`,
    idField: 'virtual_number_id',
  },
};

interface Meta {
  practiceId?: string;
}

function pathOf(resource: string, meta: Meta | undefined): string {
  const definition = RESOURCES[resource];
  if (!definition) return resource;
  const practiceId = meta?.practiceId ?? getSelectedPracticeId() ?? '';
  return definition.path(encodeURIComponent(practiceId));
}

/** Every record gets react-admin's `id` from the resource's own id field. */
function withId<T extends Record<string, unknown>>(resource: string, record: T): T & RaRecord {
  const idField = RESOURCES[resource]?.idField;
  const id = (record.id ?? (idField ? record[idField] : undefined)) as Identifier;
  return { ...record, id };
}

/** Only the fields that differ from the record as it was loaded (all of them when there is no previous copy). */
export function changedFields(data: Record<string, unknown>, previous?: Record<string, unknown>) {
  if (!previous) return data;
  return Object.fromEntries(
    Object.entries(data).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(previous[key])),
  );
}

/** The spec's calls that are not CRUD-shaped (docs/product/shell.md). */
export interface PracticePilotDataProvider extends DataProvider {
  getCurrentUser(): Promise<CurrentUser>;
  getMyPractices(): Promise<Practice[]>;
}

export function createDataProvider(): PracticePilotDataProvider {
  /** ra-data-simple-rest over the one HTTP client, with each resource's default message (docs/product/shell.md#errors). */
  const restFor = (resource: string) =>
    simpleRestProvider(API_URL, (url, options) =>
      httpClient(url, { ...(options as object), fallbackMessage: RESOURCES[resource]?.fallback }),
    );

  const getList = async (resource: string, params: GetListParams) => {
    const result = await restFor(resource).getList(pathOf(resource, params.meta), params);
    return { ...result, data: result.data.map((record) => withId(resource, record)) };
  };

  return {
    getList,
    async getOne(resource, params) {
      const result = await restFor(resource).getOne(pathOf(resource, params.meta), params);
      return { data: withId(resource, result.data) };
    },
    /** The gateway's collections are small and unfiltered: one list call, then pick the ids. */
    async getMany(resource, params: GetManyParams) {
      const { data } = await getList(resource, {
        pagination: { page: 1, perPage: 1000 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
        meta: params.meta,
        signal: params.signal,
      });
      const wanted = new Set(params.ids.map(String));
      return { data: data.filter((record) => wanted.has(String(record.id))) };
    },
    getManyReference: (resource, params) =>
      restFor(resource).getManyReference(pathOf(resource, params.meta), params),
    /** PATCH with the changed fields only: the gateway's updates are partial (docs/product/settings.md). */
    async update(resource, params) {
      const { json } = await httpClient<Record<string, unknown>>(
        `${API_URL}/${pathOf(resource, params.meta)}/${encodeURIComponent(String(params.id))}`,
        {
          method: 'PATCH',
          body: changedFields(params.data, params.previousData),
          fallbackMessage: RESOURCES[resource]?.fallback,
        },
      );
      return { data: withId(resource, json) as never };
    },
    async updateMany(resource, params) {
      await Promise.all(
        params.ids.map((id) =>
          httpClient(`${API_URL}/${pathOf(resource, params.meta)}/${encodeURIComponent(String(id))}`, {
            method: 'PATCH',
            body: params.data,
          }),
        ),
      );
      return { data: params.ids };
    },
    async create(resource, params) {
      const { json } = await httpClient<Record<string, unknown>>(
        `${API_URL}/${pathOf(resource, params.meta)}/`,
        {
          method: 'POST',
          body: params.data,
          fallbackMessage: RESOURCES[resource]?.fallback,
        },
      );
      return { data: withId(resource, json) as never };
    },
    async delete(resource, params) {
      const { json } = await httpClient<Record<string, unknown>>(
        `${API_URL}/${pathOf(resource, params.meta)}/${encodeURIComponent(String(params.id))}`,
        { method: 'DELETE', fallbackMessage: RESOURCES[resource]?.fallback },
      );
      return { data: withId(resource, json ?? { id: params.id }) as never };
    },
    async deleteMany(resource, params) {
      await Promise.all(
        params.ids.map((id) =>
          httpClient(`${API_URL}/${pathOf(resource, params.meta)}/${encodeURIComponent(String(id))}`, {
            method: 'DELETE',
          }),
        ),
      );
      return { data: params.ids };
    },

    getCurrentUser: () => fetchCurrentUser(),
    async getMyPractices() {
      const { json } = await httpClient<Practice[]>(`${API_URL}/users/me/practices`, {
        fallbackMessage: en.pp.errors.practices,
      });
      return json;
    },
  };
}
