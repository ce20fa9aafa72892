/**
 * The demo practices' website pages, as the crawler would have read them: a line starting with '# ' is a
 * heading, other lines are paragraphs. Used by the demo seed (knowledge.seed.ts) and the retrieval tests.
 */
export interface DemoPage {
  path: string;
  title: string;
  /** Days since the page was last processed: over 7 shows 'Stale' in the console. */
  age_days: number;
  body: string;
}

/** A demo page as crawled text: its paragraphs and its headings. */
export function demoPageText(page: DemoPage): { title: string; text: string; headings: string[] } {
  const lines = page.body
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return {
    title: page.title,
    text: lines.map((line) => line.replace(/^# /, '')).join('\n\n'),
    headings: lines.filter((line) => line.startsWith('# ')).map((line) => line.slice(2)),
  };
}

export const GLOW_AESTHETICS_PAGES: DemoPage[] = [
  {
    path: '/',
    title: 'Glow Aesthetics | Medical Spa in Dallas & Plano',
    age_days: 0,
    body: `
# Look refreshed, never overdone
Glow Aesthetics is a physician-led medical spa with studios in Uptown Dallas and Plano. Our nurse injectors and licensed aestheticians plan every treatment around your goals, your skin and your schedule.
# Popular treatments
Botox and Dysport for forehead lines, crow's feet and frown lines. Dermal fillers for lips, cheeks and jawline. HydraFacial, chemical peels, microneedling and laser hair removal.
# New here?
Book a complimentary 20-minute consultation online or call (214) 555-0142. First-time guests receive $50 off their first injectable treatment.`,
  },
  {
    path: '/services',
    title: 'Services | Glow Aesthetics',
    age_days: 3,
    body: `
# Injectables
Neurotoxins (Botox, Dysport, Xeomin) soften expression lines in about 15 minutes. Results appear in 3 to 7 days and last 3 to 4 months.
Dermal fillers from the Juvederm and Restylane families restore volume in the lips, cheeks, chin and under the eyes. Most filler results last 9 to 18 months.
# Skin treatments
The HydraFacial cleanses, exfoliates and hydrates in 45 minutes with no downtime. Chemical peels and RF microneedling improve texture, acne scars and fine lines over a series of sessions.
# Laser hair removal
We use the Candela GentleMax Pro, safe for most skin types. Most clients need 6 to 8 sessions spaced 4 to 6 weeks apart.
# Body contouring
CoolSculpting Elite freezes stubborn fat on the abdomen, flanks and thighs. Results develop over 8 to 12 weeks.`,
  },
  {
    path: '/pricing',
    title: 'Pricing | Glow Aesthetics',
    age_days: 9,
    body: `
# Neurotoxin pricing
Botox is $14 per unit and Dysport is $5 per unit. Xeomin is $12 per unit. A typical forehead treatment uses 10 to 20 units of Botox; frown lines 20 units.
# Filler pricing
Juvederm Ultra and Restylane Kysse lip filler start at $650 per syringe. Cheek and jawline fillers (Juvederm Voluma, Restylane Lyft) start at $800 per syringe.
# Facials and peels
HydraFacial Signature $199, Deluxe $249. Chemical peels from $150. RF microneedling $450 per session or $1,200 for a package of three.
# Laser hair removal pricing
Underarms $99 per session, bikini $149, full legs $349. Packages of six sessions save 20%.
# Memberships and financing
The Glow Membership is $99 a month and includes one HydraFacial or peel each month and 10% off injectables. We accept CareCredit and Cherry financing with 0% APR plans for qualified patients.`,
  },
  {
    path: '/about',
    title: 'About Us | Glow Aesthetics',
    age_days: 21,
    body: `
# Our story
Glow Aesthetics was founded in 2016 by Dr. Alicia Moreno, a board-certified dermatologist, to offer medical-grade aesthetics in a calm, welcoming setting.
# Our team
Every injector is a registered nurse or nurse practitioner with advanced training in facial anatomy. Our aestheticians are licensed by the Texas Department of Licensing and Regulation.
# Our philosophy
We favour natural results: conservative doses, a follow-up visit two weeks after your first injectable treatment, and honest advice when a treatment is not right for you.`,
  },
  {
    path: '/contact',
    title: 'Contact & Locations | Glow Aesthetics',
    age_days: 2,
    body: `
# Uptown Dallas studio
2100 McKinney Ave, Suite 140, Dallas, TX 75201. Phone (214) 555-0142.
# Plano studio
5800 Legacy Dr, Suite 210, Plano, TX 75024. Phone (972) 555-0188.
# Hours
Monday to Friday 9:00 am to 7:00 pm, Saturday 9:00 am to 3:00 pm, closed Sunday. Evening injectable appointments are available on Thursdays until 8:00 pm in Uptown.
# Parking
Uptown: free parking for patients in the garage behind our building on McKinney Ave; take a ticket and bring it to the front desk for validation. Street parking on McKinney is metered. Plano: free surface lot right in front of the studio, with accessible spaces by the entrance.`,
  },
  {
    path: '/faq',
    title: 'Frequently Asked Questions | Glow Aesthetics',
    age_days: 12,
    body: `
# Does Botox hurt?
Most patients describe a quick pinch. We use very fine needles and can apply ice or a numbing cream before treatment.
# How long does filler last?
Lip filler usually lasts 6 to 12 months; cheek and jawline fillers 12 to 18 months, depending on the product and your metabolism.
# Is there downtime after microneedling?
Expect redness like a mild sunburn for 24 to 48 hours. You can return to work the next day and wear makeup after 24 hours.
# What is your cancellation policy?
Please give us 24 hours' notice to cancel or reschedule. Late cancellations and no-shows are charged a $50 fee.
# Do you take insurance?
Cosmetic treatments are not covered by insurance. We accept all major credit cards, HSA cards for eligible medical treatments, CareCredit and Cherry.`,
  },
  {
    path: '/specials',
    title: 'Monthly Specials | Glow Aesthetics',
    age_days: 30,
    body: `
# This month's specials
$50 off your first injectable treatment for new patients. Buy two syringes of filler and get $100 off the second. Refer a friend and you both receive a $50 credit.
# Gift cards
Gift cards are available in any amount, in the studio or online, and never expire.`,
  },
  {
    path: '/book',
    title: 'Book a Consultation | Glow Aesthetics',
    age_days: 1,
    body: `
# Book your visit
Choose a studio, a treatment and a time online, or call us. Consultations are complimentary and take about 20 minutes; treatment can often happen the same day.
# Before your appointment
Avoid alcohol, aspirin and fish oil for 24 hours before injectables to lower the chance of bruising. Arrive 10 minutes early to complete your health history.`,
  },
];

export const NORTHSIDE_DENTAL_PAGES: DemoPage[] = [
  {
    path: '/',
    title: 'Northside Dental | Family & Cosmetic Dentist in Lincoln Park, Chicago',
    age_days: 0,
    body: `
# Gentle dentistry for the whole family
Northside Dental has cared for Lincoln Park families since 2009: cleanings, fillings, crowns, Invisalign and teeth whitening under one roof.
# New patients welcome
New patient exam, X-rays and cleaning for $129 without insurance. Same-day emergency appointments are available.`,
  },
  {
    path: '/services',
    title: 'Dental Services | Northside Dental',
    age_days: 4,
    body: `
# Preventive care
Cleanings and exams every six months, digital X-rays with low radiation, fluoride and sealants for children.
# Restorative dentistry
Tooth-colored fillings, same-day CEREC crowns, root canal therapy and dental implants placed with a 3D-guided plan.
# Cosmetic dentistry
Invisalign clear aligners, in-office Zoom whitening and porcelain veneers.
# Emergency dentistry
Toothache, a broken tooth or a lost filling? Call before 11 am and we will see you the same day.`,
  },
  {
    path: '/pricing',
    title: 'Fees & Insurance | Northside Dental',
    age_days: 10,
    body: `
# Self-pay fees
New patient exam with X-rays and cleaning $129. Tooth-colored filling from $180. Same-day crown $1,150. Zoom whitening $450. Invisalign treatment from $4,200.
# Insurance
We are in network with Delta Dental PPO, Cigna, MetLife, Guardian and Aetna PPO, and file claims for you. HMO plans are not accepted.
# Northside Savings Plan
No insurance? Our savings plan is $299 a year for two cleanings, exams, X-rays and 20% off other treatment.`,
  },
  {
    path: '/about',
    title: 'Meet the Dentists | Northside Dental',
    age_days: 25,
    body: `
# Dr. Priya Natarajan, DDS
Dr. Natarajan graduated from the University of Illinois College of Dentistry and has practiced in Lincoln Park for 15 years. She is a certified Invisalign provider.
# Dr. Tom Becker, DMD
Dr. Becker focuses on implants and restorative dentistry and trained at Tufts University School of Dental Medicine.`,
  },
  {
    path: '/contact',
    title: 'Contact & Directions | Northside Dental',
    age_days: 5,
    body: `
# Address
2550 N Lincoln Ave, Chicago, IL 60614, between Wrightwood and Altgeld. Phone (312) 555-0127.
# Office hours
Monday and Wednesday 8:00 am to 6:00 pm, Tuesday and Thursday 7:00 am to 4:00 pm, Friday 8:00 am to 2:00 pm, and one Saturday a month 9:00 am to 1:00 pm.
# Parking and transit
Two-hour metered street parking on Lincoln Ave, and a public pay lot on Wrightwood half a block away. The Diversey Brown Line station is a 5-minute walk.`,
  },
  {
    path: '/faq',
    title: 'Patient FAQ | Northside Dental',
    age_days: 14,
    body: `
# Do you see children?
Yes, from their first tooth. We recommend a first visit by age one.
# Do you offer sedation?
Nitrous oxide (laughing gas) is available for anxious patients at $75 per visit.
# What if I have a dental emergency after hours?
Call our main number; the on-call dentist returns emergency calls within an hour.`,
  },
];

export const LAKEVIEW_PLASTIC_SURGERY_PAGES: DemoPage[] = [
  {
    path: '/',
    title: 'Lakeview Plastic Surgery | Board-Certified Plastic Surgeons in Seattle',
    age_days: 1,
    body: `
# Surgical excellence in South Lake Union
Dr. Hannah Lindqvist and Dr. Marcus Reyes are board-certified by the American Board of Plastic Surgery and operate in our own AAAASF-accredited surgical suite.
# Consultations
Surgical consultations are $150, credited toward your procedure when you book within 90 days.`,
  },
  {
    path: '/procedures',
    title: 'Procedures | Lakeview Plastic Surgery',
    age_days: 6,
    body: `
# Breast surgery
Breast augmentation with silicone or saline implants, breast lift, breast reduction and implant revision.
# Body contouring
Tummy tuck (abdominoplasty), liposuction, mommy makeover and Brazilian butt lift.
# Facial surgery
Facelift, neck lift, eyelid surgery (blepharoplasty) and rhinoplasty.`,
  },
  {
    path: '/pricing',
    title: 'Procedure Costs & Financing | Lakeview Plastic Surgery',
    age_days: 11,
    body: `
# Typical procedure costs
Breast augmentation from $7,500. Tummy tuck from $9,800. Liposuction from $5,200 per area. Rhinoplasty from $8,900. Facelift from $14,500. Prices include the surgeon's fee, anesthesia and the surgical suite.
# Financing
We work with CareCredit, Alphaeon and PatientFi; many patients qualify for 12 to 24 months at 0% APR.`,
  },
  {
    path: '/recovery',
    title: 'Recovery & Aftercare | Lakeview Plastic Surgery',
    age_days: 20,
    body: `
# What recovery looks like
Most patients return to desk work 1 to 2 weeks after breast augmentation and 2 to 3 weeks after a tummy tuck. Avoid lifting over 10 pounds for six weeks.
# Follow-up visits
We see you the day after surgery, at one week, six weeks, three months and one year.`,
  },
  {
    path: '/contact',
    title: 'Contact | Lakeview Plastic Surgery',
    age_days: 3,
    body: `
# Visit us
1100 Eastlake Ave E, Suite 400, Seattle, WA 98109. Phone (206) 555-0163.
# Hours
Monday to Friday 8:30 am to 5:00 pm. Surgery days are Tuesday and Thursday.
# Parking
Validated parking in the building's underground garage, entrance on Eastlake Ave E. The South Lake Union Streetcar stops at Fairview and Campus Drive, two blocks away.`,
  },
  {
    path: '/faq',
    title: 'FAQ | Lakeview Plastic Surgery',
    age_days: 15,
    body: `
# Am I a good candidate for surgery?
Good candidates are in good general health, at a stable weight and non-smokers for at least six weeks before and after surgery.
# Is plastic surgery covered by insurance?
Cosmetic surgery is not covered. Breast reduction may be covered when medically necessary; we help you seek pre-authorization.`,
  },
];
