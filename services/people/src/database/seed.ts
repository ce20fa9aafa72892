import { DemoTenants } from '@pp/contracts';
import { seedCommand } from '@pp/platform';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { peopleService } from '../people.service-definition';
import { peopleDatabase } from './database';

/** A stable id from a seed key, so that re-running the seed finds the same rows. */
function seedId(key: string): string {
  const hex = createHash('sha256').update(`practicepilot-seed:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

interface SeedLead {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  stage: string;
  procedures: string[];
  days_ago: number;
}

/**
 * A first set of leads per demo practice. The leads workspace issue grows this into several hundred
 * leads with full timelines.
 */
const LEADS: Record<string, SeedLead[]> = {
  [DemoTenants.glowAestheticsId]: [
    {
      first_name: 'Sofia',
      last_name: 'Marquez',
      phone: '+12145550131',
      email: 'sofia.marquez@mail.example',
      stage: 'Lead',
      procedures: ['Botox', 'Lip Filler'],
      days_ago: 0,
    },
    {
      first_name: 'Hannah',
      last_name: 'Lindqvist',
      phone: '+14695550176',
      email: 'hannah.l@mail.example',
      stage: 'Attempting Contact',
      procedures: ['CoolSculpting'],
      days_ago: 2,
    },
    {
      first_name: 'Priya',
      last_name: 'Raman',
      phone: '+19725550119',
      email: 'priya.raman@mail.example',
      stage: 'Active Conversation',
      procedures: ['HydraFacial', 'Chemical Peel'],
      days_ago: 5,
    },
    {
      first_name: 'Jessica',
      last_name: 'Okafor',
      phone: '+12145550158',
      email: 'jess.okafor@mail.example',
      stage: 'Scheduled',
      procedures: ['Laser Hair Removal'],
      days_ago: 9,
    },
  ],
  [DemoTenants.northsideDentalId]: [
    {
      first_name: 'Daniel',
      last_name: 'Kowalski',
      phone: '+13125550162',
      email: 'dkowalski@mail.example',
      stage: 'Lead',
      procedures: ['Invisalign'],
      days_ago: 1,
    },
    {
      first_name: 'Maria',
      last_name: 'Santos',
      phone: '+17735550104',
      email: 'maria.santos@mail.example',
      stage: 'Escalated',
      procedures: ['Dental Implants'],
      days_ago: 3,
    },
  ],
  [DemoTenants.lakeviewPlasticSurgeryId]: [
    {
      first_name: 'Olivia',
      last_name: 'Tanaka',
      phone: '+12065550187',
      email: 'olivia.tanaka@mail.example',
      stage: 'Lead',
      procedures: ['Rhinoplasty'],
      days_ago: 0,
    },
  ],
};

export async function seedPeople(dataSource: DataSource): Promise<number> {
  let created = 0;
  for (const [practiceId, leads] of Object.entries(LEADS)) {
    for (const lead of leads) {
      const createdAt = new Date(Date.now() - lead.days_ago * 86_400_000);
      const rows: unknown[] = await dataSource.query(
        `INSERT INTO "people"."persons" ("person_id", "practice_id", "first_name", "last_name", "primary_phone",
           "primary_email", "stage", "created_at", "updated_at", "last_activity_at", "current_outreach_state")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $8, $9)
         ON CONFLICT DO NOTHING RETURNING "person_id"`,
        [
          seedId(`${practiceId}:${lead.email}`),
          practiceId,
          lead.first_name,
          lead.last_name,
          lead.phone,
          lead.email,
          lead.stage,
          createdAt,
          { control_mode: 'ai', ai_insights: { procedures_of_interest: lead.procedures } },
        ],
      );
      created += rows.length;
    }
  }
  return created;
}

if (require.main === module) {
  seedCommand(peopleService, peopleDatabase, async (dataSource) => {
    const created = await seedPeople(dataSource);
    return `${created} demo leads added (existing ones kept)`;
  });
}
