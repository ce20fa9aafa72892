import { DemoTenants } from '@pp/contracts';

/** A location of the practice (gateway demo data): its id, so calendar's seed can place the visits booked there. */
export interface SeedLocation {
  id: string;
  name: string;
}

export interface SeedProcedure {
  name: string;
  /** The procedure's page on the practice's website. */
  slug: string;
}

/** Everything the generator needs to know about one demo practice to make its leads look like its own. */
export interface SeedPractice {
  practiceId: string;
  name: string;
  /** How many leads the practice has in total, the named ones included. */
  leadCount: number;
  website: string;
  /** Real area codes of the practice's metro area; lead phones are +1 <area> 555 xxxx. */
  areaCodes: readonly string[];
  /** The practice's virtual number (gateway demo data): the other end of every SMS and call. */
  practiceNumber: string;
  emailFrom: string;
  /** The AI concierge's first name in outbound messages. */
  assistantName: string;
  /** Staff display names for performed_by_name (the demo sign-in's user first). */
  staff: readonly string[];
  locations: readonly SeedLocation[];
  /** Where leads live (enrichment_data.location). */
  towns: readonly string[];
  /** Offset of the practice's time zone from UTC in standard time, for appointment slots in office hours. */
  utcOffsetHours: number;
  procedures: readonly SeedProcedure[];
  /** Share of leads with a feminine first name (medspa leads skew female). */
  feminineShare: number;
  concerns: readonly string[];
  objections: readonly string[];
  escalationReasons: readonly string[];
  /** Inbound questions a lead sends (the AI answers or escalates). */
  questions: readonly string[];
  /**
   * Leads with an open AI decision, per channel. The browser tests each take their own lead, so Glow
   * carries at least 12 SMS and 6 email decisions.
   */
  approvals: { sms: number; email: number; call: number };
  /** Escalated leads that have both a phone and an email (every escalation outcome is then possible). */
  minReachableEscalations: number;
}

export const SEED_PRACTICES: readonly SeedPractice[] = [
  {
    practiceId: DemoTenants.glowAestheticsId,
    name: 'Glow Aesthetics',
    leadCount: 400,
    website: 'https://www.glowaesthetics.example',
    areaCodes: ['214', '469', '972', '945'],
    practiceNumber: '+12145550100',
    emailFrom: 'concierge@glowaesthetics.example',
    assistantName: 'Ava',
    staff: ['Dana Whitfield', 'Kim Alvarez', 'Tasha Reed'],
    locations: [
      { id: DemoTenants.glowUptownLocationId, name: 'Glow Aesthetics - Uptown Dallas' },
      { id: DemoTenants.glowPlanoLocationId, name: 'Glow Aesthetics - Plano' },
    ],
    towns: ['Dallas, TX', 'Plano, TX', 'Frisco, TX', 'Irving, TX', 'Richardson, TX', 'McKinney, TX'],
    utcOffsetHours: -6,
    procedures: [
      { name: 'Botox', slug: 'botox' },
      { name: 'Lip Filler', slug: 'lip-filler' },
      { name: 'Dermal Fillers', slug: 'dermal-fillers' },
      { name: 'CoolSculpting', slug: 'coolsculpting' },
      { name: 'HydraFacial', slug: 'hydrafacial' },
      { name: 'Chemical Peel', slug: 'chemical-peel' },
      { name: 'Laser Hair Removal', slug: 'laser-hair-removal' },
      { name: 'Microneedling', slug: 'microneedling' },
      { name: 'Morpheus8', slug: 'morpheus8' },
      { name: 'Kybella', slug: 'kybella' },
      { name: 'IPL Photofacial', slug: 'ipl-photofacial' },
      { name: 'Sculptra', slug: 'sculptra' },
    ],
    feminineShare: 0.82,
    concerns: [
      'price',
      'pain',
      'downtime',
      'natural-looking results',
      'first-time patient',
      'bruising',
      'how long results last',
      'availability after work',
    ],
    objections: ['price', 'fear_of_needles', 'downtime', 'unnatural_results', 'timing', 'spouse_approval'],
    escalationReasons: [
      'Lead reports swelling and tenderness two days after filler at another clinic',
      'Lead asks for a discount on a package the AI cannot approve',
      'Lead wants to speak with a nurse injector before booking',
      'Lead disputes a charge from a previous visit',
      'Lead asks whether treatment is safe while breastfeeding',
    ],
    questions: [
      'How much is {proc}?',
      'Does {proc} hurt?',
      'How long does {proc} last?',
      'Do you have anything after 5:30 on weekdays?',
      'Is there downtime after {proc}? I have a wedding in 3 weeks',
      'Do you take CareCredit?',
      'Can I do {proc} on my lunch break?',
    ],
    approvals: { sms: 14, email: 8, call: 2 },
    minReachableEscalations: 12,
  },
  {
    practiceId: DemoTenants.northsideDentalId,
    name: 'Northside Dental',
    leadCount: 300,
    website: 'https://www.northsidedental.example',
    areaCodes: ['312', '773', '872'],
    practiceNumber: '+13125550100',
    emailFrom: 'hello@northsidedental.example',
    assistantName: 'Sam',
    staff: ['Dana Whitfield', 'Rosa Mendez', 'Dr. Paul Brenner'],
    locations: [{ id: DemoTenants.northsideLincolnParkLocationId, name: 'Northside Dental - Lincoln Park' }],
    towns: ['Chicago, IL', 'Evanston, IL', 'Oak Park, IL', 'Skokie, IL'],
    utcOffsetHours: -6,
    procedures: [
      { name: 'Invisalign', slug: 'invisalign' },
      { name: 'Dental Implants', slug: 'dental-implants' },
      { name: 'Veneers', slug: 'veneers' },
      { name: 'Teeth Whitening', slug: 'teeth-whitening' },
      { name: 'Crowns', slug: 'crowns' },
      { name: 'Root Canal', slug: 'root-canal' },
      { name: 'Dental Cleaning', slug: 'cleanings' },
      { name: 'Emergency Dental Care', slug: 'emergency' },
      { name: 'Bonding', slug: 'bonding' },
      { name: 'All-on-4', slug: 'all-on-4' },
    ],
    feminineShare: 0.55,
    concerns: [
      'insurance coverage',
      'cost',
      'pain',
      'number of visits',
      'financing',
      'dental anxiety',
      'weekend hours',
    ],
    objections: ['cost', 'insurance', 'dental_anxiety', 'time_commitment', 'second_opinion'],
    escalationReasons: [
      'Lead reports severe tooth pain and swelling since last night',
      'Lead asks whether their Delta Dental PPO plan covers implants',
      'Lead is unhappy with a crown placed at this office last year',
      'Lead needs a payment plan the AI cannot set up',
    ],
    questions: [
      'Do you take Delta Dental?',
      'How much is {proc} without insurance?',
      'How many visits does {proc} take?',
      'Are you open on Saturdays?',
      'I get really anxious at the dentist, do you offer sedation?',
      'Is {proc} covered by insurance?',
    ],
    approvals: { sms: 7, email: 5, call: 2 },
    minReachableEscalations: 6,
  },
  {
    practiceId: DemoTenants.lakeviewPlasticSurgeryId,
    name: 'Lakeview Plastic Surgery',
    leadCount: 150,
    website: 'https://www.lakeviewplasticsurgery.example',
    areaCodes: ['206', '425', '253'],
    practiceNumber: '+12065550100',
    emailFrom: 'consults@lakeviewplasticsurgery.example',
    assistantName: 'Nora',
    staff: ['Marcus Oyelaran', 'Renee Cho'],
    locations: [
      {
        id: DemoTenants.lakeviewSouthLakeUnionLocationId,
        name: 'Lakeview Plastic Surgery - South Lake Union',
      },
    ],
    towns: ['Seattle, WA', 'Bellevue, WA', 'Kirkland, WA', 'Redmond, WA', 'Tacoma, WA'],
    utcOffsetHours: -8,
    procedures: [
      { name: 'Rhinoplasty', slug: 'rhinoplasty' },
      { name: 'Breast Augmentation', slug: 'breast-augmentation' },
      { name: 'Tummy Tuck', slug: 'tummy-tuck' },
      { name: 'Facelift', slug: 'facelift' },
      { name: 'Liposuction', slug: 'liposuction' },
      { name: 'Blepharoplasty', slug: 'blepharoplasty' },
      { name: 'Mommy Makeover', slug: 'mommy-makeover' },
      { name: 'Brazilian Butt Lift', slug: 'bbl' },
      { name: 'Breast Reduction', slug: 'breast-reduction' },
    ],
    feminineShare: 0.75,
    concerns: [
      'recovery time',
      'cost',
      'scarring',
      'surgeon credentials',
      'financing',
      'anesthesia',
      'results',
    ],
    objections: ['cost', 'recovery_time', 'surgical_risk', 'spouse_approval', 'timing'],
    escalationReasons: [
      'Lead asks about revision surgery after a procedure elsewhere',
      'Lead wants the surgeon to review photos before booking',
      'Lead asks about a medical condition that affects anesthesia',
    ],
    questions: [
      'What is the recovery time for {proc}?',
      'How much does {proc} cost, roughly?',
      'Do you offer financing?',
      'Can I see before and after photos for {proc}?',
      'How soon could I get a consultation?',
    ],
    approvals: { sms: 3, email: 3, call: 1 },
    minReachableEscalations: 3,
  },
];
