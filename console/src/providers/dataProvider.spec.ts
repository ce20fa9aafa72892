import { changedFields, createDataProvider } from './dataProvider';

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    ...init,
    headers: { 'Content-Type': 'application/json', ...(init.headers as Record<string, string>) },
  });

const listParams = {
  pagination: { page: 2, perPage: 10 },
  sort: { field: 'name', order: 'ASC' as const },
  filter: {},
};

const LOCATIONS = [
  { location_id: 'loc-1', name: 'Downtown' },
  { location_id: 'loc-2', name: 'Uptown' },
];

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  localStorage.setItem('access_token', 'tok-1');
  localStorage.setItem('selectedPracticeId', 'prac-9');
});

describe('getList', () => {
  it("lists the selected practice's locations and reads the total from Content-Range", async () => {
    fetchMock.mockResolvedValue(json(LOCATIONS, { headers: { 'Content-Range': 'locations 10-11/12' } }));

    const result = await createDataProvider().getList('locations', listParams);

    const url = new URL(fetchMock.mock.calls[0][0], 'http://console.test');
    expect(url.pathname).toBe('/api/v1/practices/prac-9/locations');
    expect(JSON.parse(url.searchParams.get('range')!)).toEqual([10, 19]);
    expect(JSON.parse(url.searchParams.get('sort')!)).toEqual(['name', 'ASC']);
    expect((fetchMock.mock.calls[0][1].headers as Headers).get('Authorization')).toBe('Bearer tok-1');
    expect(result.total).toBe(12);
    expect(result.data).toEqual([
      { id: 'loc-1', location_id: 'loc-1', name: 'Downtown' },
      { id: 'loc-2', location_id: 'loc-2', name: 'Uptown' },
    ]);
  });

  it('uses the practice given in meta over the selected one, URL-encoded', async () => {
    fetchMock.mockResolvedValue(json([], { headers: { 'Content-Range': 'locations */0' } }));

    await createDataProvider().getList('locations', { ...listParams, meta: { practiceId: 'a/b c' } });

    expect(new URL(fetchMock.mock.calls[0][0], 'http://console.test').pathname).toBe(
      '/api/v1/practices/a%2Fb%20c/locations',
    );
  });

  it('follows a change of the selected practice without a new data provider', async () => {
    fetchMock.mockImplementation(async () => json([], { headers: { 'Content-Range': 'locations */0' } }));
    const dataProvider = createDataProvider();

    await dataProvider.getList('locations', listParams);
    localStorage.setItem('selectedPracticeId', 'prac-2');
    await dataProvider.getList('locations', listParams);

    expect(fetchMock.mock.calls[1][0]).toMatch(/^\/api\/v1\/practices\/prac-2\/locations\?/);
  });

  it("gives a practice record its practice_id as id and keeps a record's own id", async () => {
    fetchMock.mockResolvedValue(
      json(
        [
          { practice_id: 'p-1', name: 'North' },
          { id: 'own', practice_id: 'p-2', name: 'South' },
        ],
        { headers: { 'Content-Range': 'practices 0-1/2' } },
      ),
    );

    const { data } = await createDataProvider().getList('practices', listParams);

    expect(data.map((record) => record.id)).toEqual(['p-1', 'own']);
    expect(new URL(fetchMock.mock.calls[0][0], 'http://console.test').pathname).toBe('/api/v1/practices');
  });

  it("fails with 'Failed to fetch practice locations' when the call fails without detail", async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 500 }));

    await expect(createDataProvider().getList('locations', listParams)).rejects.toMatchObject({
      message: 'Failed to fetch practice locations',
      status: 500,
    });
  });

  it("fails with the server's detail when it gives one", async () => {
    fetchMock.mockResolvedValue(json({ detail: 'Not a member of this practice' }, { status: 403 }));

    await expect(createDataProvider().getList('locations', listParams)).rejects.toMatchObject({
      message: 'Not a member of this practice',
      status: 403,
    });
  });
});

describe('getOne and getMany', () => {
  it('loads one location by id, with its id', async () => {
    fetchMock.mockResolvedValue(json(LOCATIONS[0]));

    const { data } = await createDataProvider().getOne('locations', { id: 'loc-1' });

    expect(fetchMock.mock.calls[0][0]).toBe('/api/v1/practices/prac-9/locations/loc-1');
    expect(data).toEqual({ id: 'loc-1', location_id: 'loc-1', name: 'Downtown' });
  });

  it('picks the wanted records from one list call', async () => {
    fetchMock.mockResolvedValue(json(LOCATIONS, { headers: { 'Content-Range': 'locations 0-1/2' } }));

    const { data } = await createDataProvider().getMany('locations', { ids: ['loc-2'] });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(data).toEqual([{ id: 'loc-2', location_id: 'loc-2', name: 'Uptown' }]);
  });
});

describe('update', () => {
  it('sends a PATCH with only the fields that changed', async () => {
    fetchMock.mockResolvedValue(json({ location_id: 'loc-1', name: 'Midtown', phone: '555' }));
    const previousData = { id: 'loc-1', location_id: 'loc-1', name: 'Downtown', phone: '555' };

    const { data } = await createDataProvider().update('locations', {
      id: 'loc-1',
      data: { ...previousData, name: 'Midtown' },
      previousData,
    });

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/practices/prac-9/locations/loc-1');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ name: 'Midtown' });
    expect((init.headers as Headers).get('Content-Type')).toBe('application/json');
    expect(data).toMatchObject({ id: 'loc-1', name: 'Midtown' });
  });
});

describe('create and delete', () => {
  it('creates a location with a POST to the collection', async () => {
    fetchMock.mockResolvedValue(json({ location_id: 'loc-3', name: 'Harbor' }, { status: 201 }));

    const { data } = await createDataProvider().create('locations', { data: { name: 'Harbor' } });

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/practices/prac-9/locations/');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ name: 'Harbor' });
    expect(data).toMatchObject({ id: 'loc-3' });
  });

  it('deletes by id and still gives the id when the reply is empty', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    const { data } = await createDataProvider().delete('locations', { id: 'loc-1' });

    expect(fetchMock.mock.calls[0][0]).toBe('/api/v1/practices/prac-9/locations/loc-1');
    expect(fetchMock.mock.calls[0][1].method).toBe('DELETE');
    expect(data).toEqual({ id: 'loc-1' });
  });
});

describe('getMyPractices', () => {
  it("asks /api/v1/users/me/practices for the user's practices", async () => {
    const practices = [{ practice_id: 'p-1', name: 'North Clinic' }];
    fetchMock.mockResolvedValue(json(practices));

    await expect(createDataProvider().getMyPractices()).resolves.toEqual(practices);

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/users/me/practices');
    expect((init.headers as Headers).get('Authorization')).toBe('Bearer tok-1');
  });

  it("fails with 'Failed to fetch practices' when the call fails without detail", async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 503 }));

    await expect(createDataProvider().getMyPractices()).rejects.toMatchObject({
      message: 'Failed to fetch practices',
    });
  });
});

describe('changedFields', () => {
  it('keeps only the fields whose value differs from the loaded record', () => {
    expect(
      changedFields(
        { name: 'New', hours: { mon: '9-5' }, tags: ['a'], active: true },
        { name: 'Old', hours: { mon: '9-5' }, tags: ['a', 'b'], active: true },
      ),
    ).toEqual({ name: 'New', tags: ['a'] });
  });

  it('sends a field set to null or newly added', () => {
    expect(changedFields({ phone: null, fax: '1' }, { phone: '555' })).toEqual({ phone: null, fax: '1' });
  });

  it('sends everything when there is no loaded record', () => {
    expect(changedFields({ name: 'A', phone: '1' })).toEqual({ name: 'A', phone: '1' });
  });

  it('sends nothing when nothing changed', () => {
    expect(changedFields({ name: 'A' }, { name: 'A', id: 1 })).toEqual({});
  });
});
