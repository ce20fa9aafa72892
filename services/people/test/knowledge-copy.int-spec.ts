import { KnowledgeClearedV1, KnowledgePageV1, PracticeOfferV1, Topics } from '@pp/contracts';
import { eventually, publishEvents } from '@pp/testing';
import { randomUUID } from 'node:crypto';
import { KnowledgeCopy } from '../src/knowledge-context/knowledge-copy';
import { PracticeKnowledge } from '../src/knowledge-context/practice-knowledge';
import { PeopleHarness, startPeople } from './people-harness';

describe("people's copy of what the practice knows (knowledge.changes, real Kafka and PostgreSQL)", () => {
  let h: PeopleHarness;
  let knowledge: PracticeKnowledge;
  let copy: KnowledgeCopy;
  const practice = randomUUID();
  const other = randomUUID();

  beforeAll(async () => {
    h = await startPeople('knowledge-copy');
    knowledge = h.service.app.get(PracticeKnowledge);
    copy = h.service.app.get(KnowledgeCopy);
  });
  afterAll(() => h.stop());

  const base = <T extends string>(type: T, practiceId = practice, at = new Date()) => ({
    v: 1 as const,
    event_id: randomUUID(),
    practice_id: practiceId,
    occurred_at: at.toISOString(),
    type,
  });
  const offer = (price: number, at: Date, practiceId = practice): PracticeOfferV1 => ({
    ...base('practice_offer', practiceId, at),
    procedures: [
      {
        procedure_id: randomUUID(),
        name: 'Botox',
        parent_name: 'Neurotoxins',
        prices: [
          {
            location_id: null,
            location_name: null,
            price_min: price,
            price_max: price + 2,
            unit: 'Unit',
            currency: 'USD',
          },
        ],
      },
    ],
    promotions: [],
    consultation_fees: [],
  });
  const page = (url: string, contents: string[], practiceId = practice): KnowledgePageV1 => ({
    ...base('knowledge_page', practiceId),
    source_url: url,
    page_title: 'Visit us',
    chunks: contents.map((content) => ({ chunk_id: randomUUID(), content })),
  });

  it('keeps the newest offer a practice published, from Kafka, and ignores an older one delivered late', async () => {
    const now = Date.now();
    await publishEvents(h.service.config.KAFKA_BROKERS, Topics.knowledgeChanges, [offer(13, new Date(now))]);
    const first = await eventually(() => knowledge.offer(practice).then((o) => o ?? undefined), 20_000);
    expect(first.procedures[0].prices[0]).toMatchObject({ price_min: 13, price_max: 15 });

    expect(await copy.apply(offer(9, new Date(now - 60_000)))).toBe(true);
    expect((await knowledge.offer(practice))?.procedures[0].prices[0].price_min).toBe(13);
    expect(await copy.apply(offer(14, new Date(now + 1000)))).toBe(true);
    expect((await knowledge.offer(practice))?.procedures[0].prices[0].price_min).toBe(14);
    expect(await knowledge.offer(other)).toBeNull();
  });

  it("answers a question from the practice's passages only, and follows page updates, removals and clears", async () => {
    const parking = page('https://clinic.example/contact', [
      'Free parking is available in the garage behind our building on Elm Street.',
      'We are open Monday to Friday from 9 am to 6 pm.',
    ]);
    await copy.apply(parking);
    await copy.apply(
      page('https://other.example/contact', ['Valet parking costs $20 at our downtown office.'], other),
    );

    const found = await knowledge.passages(practice, 'where do I park?', 3);
    expect(found[0].content).toContain('garage behind our building');
    expect(found.every((p) => p.source_url.startsWith('https://clinic.example'))).toBe(true);

    await copy.apply(page('https://clinic.example/contact', ['Parking is now in the Oak Street lot.']));
    const updated = await knowledge.passages(practice, 'parking', 5);
    expect(updated.map((p) => p.content)).toEqual(['Parking is now in the Oak Street lot.']);

    await copy.apply(page('https://clinic.example/contact', []));
    expect(await knowledge.passages(practice, 'parking', 5)).toEqual([]);

    await copy.apply(page('https://clinic.example/faq', ['Botox results last three to four months.']));
    const cleared: KnowledgeClearedV1 = base('knowledge_cleared');
    await copy.apply(cleared);
    expect(await knowledge.passages(practice, 'how long does botox last', 5)).toEqual([]);
    expect((await knowledge.passages(other, 'parking', 5)).length).toBe(1);
  });

  it('applies an event once and skips malformed ones', async () => {
    const event = page('https://clinic.example/hours', ['Open Saturdays 10 to 2.']);
    expect(await copy.apply(event)).toBe(true);
    expect(await copy.apply(event)).toBe(false);
    expect(
      await copy.apply({ ...event, event_id: randomUUID(), chunks: [{ chunk_id: 'x', content: 1 }] }),
    ).toBe(false);
    expect(await copy.apply({ ...base('practice_offer'), procedures: 'none' })).toBe(false);
    expect(await copy.apply({ ...base('procedures_changed'), procedure_ids: [] })).toBe(false);
  });
});
