import { PracticeChangeV1, PracticeUpdatedV1, Topics } from '@pp/contracts';
import { eventually, startTwilioPeer, TopicReader, TwilioPeer } from '@pp/testing';
import { GatewayHarness, startGateway } from './gateway-harness';
import { TestPractice, TestUser } from './factories/tenants';

const PUBLIC_BASE_URL = 'https://pilot.example.com';

/**
 * Virtual numbers (docs/product/settings.md#virtual-number, docs/product/channels.md#virtual-numbers): the list
 * with capabilities, and buying a number through Twilio's REST API — a real HTTP peer on loopback speaking
 * AvailablePhoneNumbers and IncomingPhoneNumbers (libs/testing twilio-peer) — whose new state reaches the other
 * services on practice.changes (real Kafka).
 */
describe('virtual numbers: list and provisioning through Twilio (real PostgreSQL, Kafka, Twilio peer)', () => {
  let twilio: TwilioPeer;
  let h: GatewayHarness;
  let bare: GatewayHarness;
  let changes: TopicReader<PracticeChangeV1>;
  let staff: TestUser;
  let token: string;
  /** The staff member's practices: as made (a default number), two without a number, one with a location phone. */
  let listed: TestPractice;
  let fresh: TestPractice;
  let withNumber: TestPractice;
  let refused: TestPractice;

  beforeAll(async () => {
    twilio = await startTwilioPeer();
    h = await startGateway('gateway_numbers', {
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_API_BASE_URL: twilio.baseUrl,
      PUBLIC_BASE_URL,
    });
    bare = await startGateway('gateway_numbers_bare');
    changes = await TopicReader.start<PracticeChangeV1>(
      h.gateway.config.KAFKA_BROKERS,
      Topics.practiceChanges,
    );
    staff = await h.tenants.user();
    listed = await h.tenants.practice([staff]);
    fresh = await h.tenants.practice([staff]);
    withNumber = await h.tenants.practice([staff]);
    refused = await h.tenants.practice([staff]);
    await h.dataSource.query(`DELETE FROM "gateway"."virtual_numbers" WHERE "practice_id" = ANY($1)`, [
      [fresh.practice_id, refused.practice_id],
    ]);
    await h.dataSource.query(
      `UPDATE "gateway"."locations" SET "phone" = '(469) 555-0142' WHERE "location_id" = $1`,
      [withNumber.primaryLocationId],
    );
    // A token carries the practices of its sign-in: after they are all made.
    token = await h.login(staff);
  }, 120_000);

  afterAll(async () => {
    await changes?.stop();
    await h?.stop();
    await bare?.stop();
    await twilio?.close();
  });

  const auth = (value = token) => ({ Authorization: `Bearer ${value}` });
  const numbersPath = (practice: TestPractice) =>
    `/api/v1/practices/${practice.practice_id}/virtual-numbers/`;

  it('lists the numbers with their assignment and capabilities', async () => {
    const practice = listed;
    const response = await h.http().get(numbersPath(practice)).set(auth()).expect(200);
    expect(response.body).toEqual([
      expect.objectContaining({
        practice_id: practice.practice_id,
        phone_number: expect.stringMatching(/^\+1512555\d{4}$/),
        is_active: true,
        assignment_type: 'practice_default',
        capabilities: { voice: true, sms: true },
      }),
    ]);
  });

  it('buys a number in the area code with the webhooks on PUBLIC_BASE_URL; it becomes the default and goes out on practice.changes', async () => {
    const practice = fresh;

    const response = await h.http().post(numbersPath(practice)).set(auth()).send({ area_code: '312' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      practice_id: practice.practice_id,
      phone_number: expect.stringMatching(/^\+1312\d{7}$/),
      is_active: true,
      assignment_type: 'practice_default',
      capabilities: { voice: true, sms: true },
    });
    const number = response.body.phone_number as string;

    const search = twilio.phoneNumbers.searches.at(-1)!;
    expect(search.get('AreaCode')).toBe('312');
    expect(search.get('SmsEnabled')).toBe('true');
    expect(search.get('VoiceEnabled')).toBe('true');
    expect(twilio.phoneNumbers.bought.find((n) => n.phone_number === number)).toMatchObject({
      sms_url: `${PUBLIC_BASE_URL}/api/v1/channels/twilio/sms`,
      sms_method: 'POST',
      voice_url: `${PUBLIC_BASE_URL}/api/v1/channels/twilio/voice`,
      voice_method: 'POST',
      status_callback: `${PUBLIC_BASE_URL}/api/v1/channels/twilio/status`,
    });

    const list = await h.http().get(numbersPath(practice)).set(auth()).expect(200);
    expect(list.body).toEqual([
      expect.objectContaining({ phone_number: number, assignment_type: 'practice_default' }),
    ]);

    const published = await eventually(
      async () =>
        changes
          .where(
            (m) =>
              m.value.type === 'practice_updated' &&
              m.value.practice_id === practice.practice_id &&
              (m.value as PracticeUpdatedV1).practice.virtual_numbers !== undefined,
          )
          .at(-1),
      30_000,
    );
    expect((published.value as PracticeUpdatedV1).practice.virtual_numbers).toEqual([
      {
        phone_number: number,
        is_active: true,
        assignment_type: 'practice_default',
        capabilities: { voice: true, sms: true },
      },
    ]);
  });

  it('a second number is an additional one; without an area code the primary location’s is searched', async () => {
    const practice = withNumber;

    const response = await h.http().post(numbersPath(practice)).set(auth()).send({}).expect(201);
    expect(response.body.phone_number).toMatch(/^\+1469\d{7}$/);
    expect(response.body.assignment_type).toBe('additional');
    expect(twilio.phoneNumbers.searches.at(-1)!.get('AreaCode')).toBe('469');
    const list = await h.http().get(numbersPath(practice)).set(auth()).expect(200);
    expect(list.body.map((n: { assignment_type: string }) => n.assignment_type).sort()).toEqual([
      'additional',
      'practice_default',
    ]);
  });

  it('refuses a malformed area code (422) and says so when Twilio has no number there (409), buying nothing', async () => {
    const practice = refused;
    const bought = twilio.phoneNumbers.bought.length;

    const bad = await h.http().post(numbersPath(practice)).set(auth()).send({ area_code: '12' }).expect(422);
    expect(bad.body.detail).toContain('area_code must be a US area code of 3 digits');

    twilio.phoneNumbers.soldOut = true;
    try {
      const none = await h
        .http()
        .post(numbersPath(practice))
        .set(auth())
        .send({ area_code: '907' })
        .expect(409);
      expect(none.body).toMatchObject({
        detail: 'Twilio has no phone number available in area code 907; try another area code',
      });
    } finally {
      twilio.phoneNumbers.soldOut = false;
    }
    expect(twilio.phoneNumbers.bought).toHaveLength(bought);
    const list = await h.http().get(numbersPath(practice)).set(auth()).expect(200);
    expect(list.body).toEqual([]);
  });

  it("another practice's numbers are a 404, and nothing is bought for it", async () => {
    const outsider = await h.tenants.user();
    const theirs = await h.tenants.practice([outsider]);
    const bought = twilio.phoneNumbers.bought.length;

    const response = await h
      .http()
      .post(numbersPath(theirs))
      .set(auth())
      .send({ area_code: '312' })
      .expect(404);
    expect(response.body.detail).toEqual(expect.any(String));
    expect(twilio.phoneNumbers.bought).toHaveLength(bought);
  });

  it('without TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN it answers 409 saying what to configure', async () => {
    const user = await bare.tenants.user();
    const practice = await bare.tenants.practice([user]);
    const response = await bare
      .http()
      .post(numbersPath(practice))
      .set(auth(await bare.login(user)))
      .send({ area_code: '312' })
      .expect(409);
    expect(response.body).toMatchObject({
      detail:
        'Twilio is not configured: set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN (and PUBLIC_BASE_URL) to provision virtual numbers',
    });
  });
});
