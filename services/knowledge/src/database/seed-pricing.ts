import { calendarDayIn, DemoTenants } from '@pp/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { catalogueId } from '../procedures/catalogue/catalogue-ids';
import { syncCatalogue } from '../procedures/catalogue/catalogue-sync';

type Price = [min: number | null, max: number | null, unit: string];
/** A demo offering: at all locations (location null) or per location, the current price and an older one. */
interface DemoOffering {
  key: string;
  location: string | null;
  price: Price;
  /** The price that ended `monthsAgo` months ago (it started a year before). */
  before?: Price;
}

const DAY = 86_400_000;
const G = DemoTenants;

const glow: DemoOffering[] = [
  { key: 'botox', location: G.glowUptownLocationId, price: [13, 15, 'Unit'], before: [12, 14, 'Unit'] },
  { key: 'botox', location: G.glowPlanoLocationId, price: [12, 14, 'Unit'] },
  { key: 'dysport', location: null, price: [4, 5, 'Unit'], before: [3.5, 4.5, 'Unit'] },
  { key: 'xeomin', location: null, price: [11, 13, 'Unit'] },
  { key: 'lip-filler', location: null, price: [650, 800, 'Syringe'], before: [600, 750, 'Syringe'] },
  { key: 'juvederm', location: null, price: [700, 850, 'Syringe'] },
  { key: 'sculptra', location: null, price: [850, 950, 'Vial'] },
  { key: 'hydrafacial', location: null, price: [199, 299, 'Treatment'] },
  { key: 'morpheus8', location: G.glowUptownLocationId, price: [1000, 1500, 'Session'] },
  { key: 'laser-hair-removal', location: null, price: [150, 450, 'Session'] },
  { key: 'iv-therapy', location: null, price: [175, 275, 'Session'] },
];
const northside: DemoOffering[] = [
  { key: 'cleaning-exam', location: null, price: [125, 225, 'Procedure'], before: [110, 200, 'Procedure'] },
  { key: 'invisalign', location: null, price: [3500, 6500, 'Treatment'] },
  { key: 'dental-implants', location: null, price: [3000, 4500, 'Procedure'] },
  { key: 'all-on-4', location: null, price: [18000, 25000, 'Procedure'] },
  { key: 'veneers', location: null, price: [950, 2500, 'Procedure'] },
  { key: 'zoom-whitening', location: null, price: [450, 650, 'Treatment'], before: [400, 600, 'Treatment'] },
  { key: 'root-canal', location: null, price: [900, 1500, 'Procedure'] },
  { key: 'emergency-dental', location: null, price: [150, null, 'Procedure'] },
];
const lakeview: DemoOffering[] = [
  {
    key: 'breast-augmentation',
    location: null,
    price: [6500, 9500, 'Procedure'],
    before: [6000, 9000, 'Procedure'],
  },
  { key: 'tummy-tuck', location: null, price: [8500, 12000, 'Procedure'] },
  { key: 'liposuction', location: null, price: [4000, 9000, 'Area'] },
  { key: 'mommy-makeover', location: null, price: [14000, 20000, 'Procedure'] },
  {
    key: 'rhinoplasty',
    location: null,
    price: [7500, 11000, 'Procedure'],
    before: [7000, 10500, 'Procedure'],
  },
  { key: 'facelift', location: null, price: [12000, 18000, 'Procedure'] },
  { key: 'eyelid-surgery', location: null, price: [3500, 6000, 'Procedure'] },
];

/**
 * The demo practices' pricing (Glow: medspa, two locations; Northside: dental; Lakeview: surgery): offerings,
 * current prices with older ones ended months ago, consultation fees and a current, a scheduled and an
 * expired promotion (dates relative to today). Idempotent: a practice that has pricing already is left as it
 * is. Written as rows (the seed is not a runtime writer, so it announces nothing on knowledge.changes).
 */
export async function seedPricing(dataSource: DataSource): Promise<string> {
  await syncCatalogue(dataSource);
  const seeded: string[] = [];
  await dataSource.transaction(async (manager) => {
    const plans: [string, string, DemoOffering[]][] = [
      [G.glowAestheticsId, 'America/Chicago', glow],
      [G.northsideDentalId, 'America/Chicago', northside],
      [G.lakeviewPlasticSurgeryId, 'America/Los_Angeles', lakeview],
    ];
    for (const [practiceId, zone, offerings] of plans) {
      const [{ count }]: { count: number }[] = await manager.query(
        `SELECT count(*)::int AS count FROM "knowledge"."practice_procedures" WHERE "practice_id" = $1`,
        [practiceId],
      );
      if (count > 0) continue;
      await seedPractice(manager, practiceId, zone, offerings);
      seeded.push(practiceId);
    }
  });
  return `pricing seeded for ${seeded.length} practice(s)`;
}

async function seedPractice(
  manager: EntityManager,
  practiceId: string,
  zone: string,
  offerings: DemoOffering[],
) {
  const now = Date.now();
  const at = (days: number) => new Date(now + days * DAY).toISOString();
  for (const [index, offering] of offerings.entries()) {
    const procedureId = catalogueId('procedure', offering.key);
    await manager.query(
      `INSERT INTO "knowledge"."practice_procedures" ("practice_id", "procedure_id", "location_id", "is_offered")
       VALUES ($1, $2, $3, true)`,
      [practiceId, procedureId, offering.location],
    );
    const changed = at(-90 - index);
    const rows: [Price, string, string | null][] = offering.before
      ? [
          [offering.before, at(-455 - index), changed],
          [offering.price, changed, null],
        ]
      : [[offering.price, at(-200 - index), null]];
    for (const [[min, max, unit], start, end] of rows) {
      await manager.query(
        `INSERT INTO "knowledge"."procedure_prices" ("practice_id", "procedure_id", "location_id", "price_min",
           "price_max", "unit", "currency", "effective_start", "effective_end")
         VALUES ($1, $2, $3, $4, $5, $6, 'USD', $7, $8)`,
        [practiceId, procedureId, offering.location, min, max, unit, start, end],
      );
    }
  }
  const fee = (
    modality: string,
    location: string | null,
    value: number | null,
    start: string,
    end: string | null,
  ) =>
    manager.query(
      `INSERT INTO "knowledge"."consultation_fee_policies" ("practice_id", "modality", "location_id", "fee",
         "currency", "is_free", "effective_start", "effective_end") VALUES ($1, $2, $3, $4, 'USD', $5, $6, $7)`,
      [practiceId, modality, location, value, value === null, start, end],
    );
  const day = (offset: number) => calendarDayIn(new Date(now + offset * DAY), zone);
  const promotion = (
    name: string,
    type: string,
    amount: number | null,
    start: number,
    end: number,
    selected: string[],
  ) =>
    manager.query(
      `INSERT INTO "knowledge"."promotions" ("practice_id", "name", "type", "amount", "selected_procedures",
         "is_all_procedures", "start_date", "end_date") VALUES ($1, $2, $3, $4, $5::uuid[], $6, $7, $8)`,
      [
        practiceId,
        name,
        type,
        amount,
        selected.map((key) => catalogueId('procedure', key)),
        selected.length === 0,
        day(start),
        day(end),
      ],
    );
  if (practiceId === G.glowAestheticsId) {
    // Medspa $50 at all locations, then per location: $50 Uptown, free in Plano.
    await fee('medspa', null, 50, at(-300), at(-60));
    await fee('medspa', G.glowUptownLocationId, 50, at(-60), null);
    await fee('medspa', G.glowPlanoLocationId, null, at(-60), null);
    await promotion('Botox Week', 'monetary_discount', 2, -3, 4, ['botox', 'dysport']);
    await promotion('Holiday Glow', 'percent_discount', 15, 20, 40, []);
    await promotion('Summer Filler Event', 'up_to_monetary_discount', 100, -120, -90, [
      'lip-filler',
      'juvederm',
    ]);
  } else if (practiceId === G.lakeviewPlasticSurgeryId) {
    await fee('surgery', null, 150, at(-200), null);
    await promotion('Free Consultation Month', 'free_consultation', null, -10, 20, []);
    await promotion('New Year Rhinoplasty', 'up_to_percent_discount', 10, 30, 60, ['rhinoplasty']);
    await promotion('Spring Body Contouring', 'percent_discount', 10, -200, -150, [
      'tummy-tuck',
      'liposuction',
    ]);
  } else {
    await promotion('Back to School Cleanings', 'monetary_discount', 25, -5, 10, ['cleaning-exam']);
    await promotion('Invisalign Open House', 'up_to_monetary_discount', 1000, 14, 28, ['invisalign']);
    await promotion('Smile Month', 'percent_discount', 10, -90, -60, ['zoom-whitening']);
  }
}
