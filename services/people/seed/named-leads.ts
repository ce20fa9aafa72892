import { DemoTenants, LeadStage } from '@pp/contracts';

export type DecisionChannel = 'sms' | 'email' | 'phone';

/** The hand-written leads from the first seed; their ids (seedId of practice + email) never change. */
export interface NamedLead {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  stage: LeadStage;
  procedures: string[];
  days_ago: number;
  /** An open AI decision of this channel waits for approval. */
  approval?: DecisionChannel;
  /** Inbound texts with markup and quotes, to prove the console renders them as text. */
  markup?: boolean;
}

export const NAMED_LEADS: Readonly<Record<string, readonly NamedLead[]>> = {
  [DemoTenants.glowAestheticsId]: [
    {
      first_name: 'Sofia',
      last_name: 'Marquez',
      phone: '+12145550131',
      email: 'sofia.marquez@mail.example',
      stage: 'Lead',
      procedures: ['Botox', 'Lip Filler'],
      days_ago: 0,
      markup: true,
    },
    {
      first_name: 'Hannah',
      last_name: 'Lindqvist',
      phone: '+14695550176',
      email: 'hannah.l@mail.example',
      stage: 'Attempting Contact',
      procedures: ['CoolSculpting'],
      days_ago: 2,
      approval: 'sms',
    },
    {
      first_name: 'Priya',
      last_name: 'Raman',
      phone: '+19725550119',
      email: 'priya.raman@mail.example',
      stage: 'Active Conversation',
      procedures: ['HydraFacial', 'Chemical Peel'],
      days_ago: 5,
      approval: 'email',
      markup: true,
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
