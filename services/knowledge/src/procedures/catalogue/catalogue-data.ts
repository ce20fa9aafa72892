/**
 * The global procedure catalogue (docs/product/settings.md#procedure-pricing): kept as code, upserted into
 * `knowledge.procedure_categories` and `knowledge.procedures` when the service starts (`CatalogueSync`), so a
 * change here reaches every database without a data migration. Keys are stable: ids are derived from them
 * (`catalogueId`), so a key must never be renamed. Synonyms are what a patient might write (brand names,
 * plain words); the matcher finds procedures by name or synonym.
 */

export interface CatalogueCategory {
  key: string;
  name: string;
}

export interface CatalogueProcedure {
  key: string;
  name: string;
  category: string;
  /** The key of the parent procedure (two levels only). */
  parent?: string;
  synonyms: string[];
}

export const CATALOGUE_CATEGORIES: CatalogueCategory[] = [
  { key: 'injectables', name: 'Injectables' },
  { key: 'lasers-light', name: 'Lasers & Light' },
  { key: 'skin', name: 'Skin Treatments' },
  { key: 'body-contouring', name: 'Body Contouring' },
  { key: 'wellness', name: 'Wellness' },
  { key: 'breast-surgery', name: 'Breast Surgery' },
  { key: 'body-surgery', name: 'Body Surgery' },
  { key: 'face-surgery', name: 'Facial Surgery' },
  { key: 'nose-surgery', name: 'Nose Surgery' },
  { key: 'dental-restorative', name: 'Restorative Dentistry' },
  { key: 'dental-cosmetic', name: 'Cosmetic Dentistry' },
  { key: 'dental-orthodontics', name: 'Orthodontics' },
  { key: 'dental-general', name: 'General Dentistry' },
];

export const CATALOGUE_PROCEDURES: CatalogueProcedure[] = [
  // Injectables
  {
    key: 'neurotoxins',
    name: 'Neurotoxins',
    category: 'injectables',
    synonyms: [
      'neurotoxin',
      'neuromodulator',
      'neuromodulators',
      'wrinkle relaxer',
      'wrinkle relaxers',
      'tox',
      'anti-wrinkle injections',
    ],
  },
  {
    key: 'botox',
    name: 'Botox',
    category: 'injectables',
    parent: 'neurotoxins',
    synonyms: ['Botox Cosmetic', 'onabotulinumtoxinA', 'baby botox', 'lip flip'],
  },
  {
    key: 'dysport',
    name: 'Dysport',
    category: 'injectables',
    parent: 'neurotoxins',
    synonyms: ['abobotulinumtoxinA'],
  },
  {
    key: 'xeomin',
    name: 'Xeomin',
    category: 'injectables',
    parent: 'neurotoxins',
    synonyms: ['incobotulinumtoxinA'],
  },
  {
    key: 'jeuveau',
    name: 'Jeuveau',
    category: 'injectables',
    parent: 'neurotoxins',
    synonyms: ['Newtox', 'prabotulinumtoxinA'],
  },
  {
    key: 'daxxify',
    name: 'Daxxify',
    category: 'injectables',
    parent: 'neurotoxins',
    synonyms: ['daxibotulinumtoxinA'],
  },
  {
    key: 'dermal-fillers',
    name: 'Dermal Fillers',
    category: 'injectables',
    synonyms: ['dermal filler', 'filler', 'fillers', 'hyaluronic acid filler', 'HA filler'],
  },
  {
    key: 'juvederm',
    name: 'Juvederm',
    category: 'injectables',
    parent: 'dermal-fillers',
    synonyms: ['Juvéderm', 'Voluma', 'Vollure', 'Volbella', 'Volux'],
  },
  {
    key: 'restylane',
    name: 'Restylane',
    category: 'injectables',
    parent: 'dermal-fillers',
    synonyms: ['Restylane Lyft', 'Restylane Kysse', 'Restylane Defyne'],
  },
  {
    key: 'rha',
    name: 'RHA Fillers',
    category: 'injectables',
    parent: 'dermal-fillers',
    synonyms: ['RHA', 'RHA Collection', 'RHA Redensity'],
  },
  {
    key: 'radiesse',
    name: 'Radiesse',
    category: 'injectables',
    parent: 'dermal-fillers',
    synonyms: ['calcium hydroxylapatite'],
  },
  {
    key: 'lip-filler',
    name: 'Lip Filler',
    category: 'injectables',
    parent: 'dermal-fillers',
    synonyms: ['lip fillers', 'lip augmentation', 'lip injections', 'lip enhancement'],
  },
  {
    key: 'cheek-filler',
    name: 'Cheek Filler',
    category: 'injectables',
    parent: 'dermal-fillers',
    synonyms: ['cheek fillers', 'cheek augmentation'],
  },
  {
    key: 'biostimulators',
    name: 'Biostimulators',
    category: 'injectables',
    synonyms: ['biostimulator', 'collagen stimulator'],
  },
  {
    key: 'sculptra',
    name: 'Sculptra',
    category: 'injectables',
    parent: 'biostimulators',
    synonyms: ['poly-L-lactic acid', 'Sculptra Aesthetic'],
  },
  {
    key: 'kybella',
    name: 'Kybella',
    category: 'injectables',
    synonyms: ['double chin injections', 'deoxycholic acid'],
  },
  // Lasers and light
  {
    key: 'laser-hair-removal',
    name: 'Laser Hair Removal',
    category: 'lasers-light',
    synonyms: ['LHR', 'laser hair reduction', 'hair removal'],
  },
  {
    key: 'ipl-photofacial',
    name: 'IPL Photofacial',
    category: 'lasers-light',
    synonyms: ['IPL', 'photofacial', 'intense pulsed light', 'fotofacial'],
  },
  {
    key: 'bbl-broadband-light',
    name: 'BBL Broadband Light',
    category: 'lasers-light',
    synonyms: ['BBL photofacial', 'BBL HERO', 'BroadBand Light', 'Forever Young BBL'],
  },
  {
    key: 'laser-resurfacing',
    name: 'Laser Resurfacing',
    category: 'lasers-light',
    synonyms: ['laser skin resurfacing', 'resurfacing laser'],
  },
  {
    key: 'fraxel',
    name: 'Fraxel',
    category: 'lasers-light',
    parent: 'laser-resurfacing',
    synonyms: ['Fraxel laser', 'fractional laser', 'Fraxel Dual'],
  },
  {
    key: 'co2-laser',
    name: 'CO2 Laser',
    category: 'lasers-light',
    parent: 'laser-resurfacing',
    synonyms: ['CO2 laser resurfacing', 'CO2', 'fractional CO2', 'CO2RE'],
  },
  // Skin
  {
    key: 'hydrafacial',
    name: 'HydraFacial',
    category: 'skin',
    synonyms: ['Hydra Facial', 'hydrafacials', 'hydro facial'],
  },
  {
    key: 'chemical-peel',
    name: 'Chemical Peel',
    category: 'skin',
    synonyms: ['chemical peels', 'peel', 'peels', 'VI Peel', 'glycolic peel'],
  },
  {
    key: 'microneedling',
    name: 'Microneedling',
    category: 'skin',
    synonyms: ['micro-needling', 'collagen induction therapy', 'SkinPen'],
  },
  {
    key: 'rf-microneedling',
    name: 'RF Microneedling',
    category: 'skin',
    parent: 'microneedling',
    synonyms: ['radiofrequency microneedling', 'RF micro-needling'],
  },
  {
    key: 'morpheus8',
    name: 'Morpheus8',
    category: 'skin',
    parent: 'microneedling',
    synonyms: ['Morpheus 8', 'Morpheus'],
  },
  // Body
  {
    key: 'coolsculpting',
    name: 'CoolSculpting',
    category: 'body-contouring',
    synonyms: ['Cool Sculpting', 'cryolipolysis', 'fat freezing'],
  },
  {
    key: 'emsculpt',
    name: 'Emsculpt',
    category: 'body-contouring',
    synonyms: ['Emsculpt NEO', 'EmSculpt Neo', 'muscle sculpting'],
  },
  // Wellness
  {
    key: 'iv-therapy',
    name: 'IV Therapy',
    category: 'wellness',
    synonyms: ['IV drip', 'IV drips', 'IV hydration', 'Myers cocktail', 'vitamin drip'],
  },
  {
    key: 'glp1-weight-loss',
    name: 'GLP-1 Weight Loss',
    category: 'wellness',
    synonyms: [
      'semaglutide',
      'tirzepatide',
      'Ozempic',
      'Wegovy',
      'Mounjaro',
      'Zepbound',
      'medical weight loss',
      'weight loss injections',
    ],
  },
  // Breast surgery
  {
    key: 'breast-augmentation',
    name: 'Breast Augmentation',
    category: 'breast-surgery',
    synonyms: ['boob job', 'breast implants', 'breast enlargement', 'augmentation mammaplasty', 'breast aug'],
  },
  { key: 'breast-lift', name: 'Breast Lift', category: 'breast-surgery', synonyms: ['mastopexy'] },
  {
    key: 'breast-reduction',
    name: 'Breast Reduction',
    category: 'breast-surgery',
    synonyms: ['reduction mammaplasty'],
  },
  {
    key: 'breast-implant-removal',
    name: 'Breast Implant Removal',
    category: 'breast-surgery',
    synonyms: ['explant', 'explant surgery', 'implant removal', 'en bloc capsulectomy'],
  },
  // Body surgery
  {
    key: 'tummy-tuck',
    name: 'Tummy Tuck',
    category: 'body-surgery',
    synonyms: ['abdominoplasty', 'mini tummy tuck'],
  },
  {
    key: 'liposuction',
    name: 'Liposuction',
    category: 'body-surgery',
    synonyms: ['lipo', 'lipoplasty', 'VASER', 'SmartLipo'],
  },
  {
    key: 'brazilian-butt-lift',
    name: 'Brazilian Butt Lift',
    category: 'body-surgery',
    synonyms: ['butt lift', 'buttock augmentation', 'gluteal fat transfer', 'Brazilian buttock lift'],
  },
  {
    key: 'mommy-makeover',
    name: 'Mommy Makeover',
    category: 'body-surgery',
    synonyms: ['mommy make-over', 'mommy makeovers'],
  },
  // Face surgery
  {
    key: 'facelift',
    name: 'Facelift',
    category: 'face-surgery',
    synonyms: ['face lift', 'face-lift', 'rhytidectomy', 'deep plane facelift', 'mini facelift'],
  },
  {
    key: 'eyelid-surgery',
    name: 'Eyelid Surgery',
    category: 'face-surgery',
    synonyms: ['blepharoplasty', 'bleph', 'eye lift', 'upper eyelid surgery', 'lower eyelid surgery'],
  },
  { key: 'brow-lift', name: 'Brow Lift', category: 'face-surgery', synonyms: ['forehead lift', 'browlift'] },
  { key: 'neck-lift', name: 'Neck Lift', category: 'face-surgery', synonyms: ['necklift', 'platysmaplasty'] },
  // Nose
  {
    key: 'rhinoplasty',
    name: 'Rhinoplasty',
    category: 'nose-surgery',
    synonyms: ['nose job', 'nose reshaping', 'nose surgery', 'septorhinoplasty'],
  },
  // Dental
  {
    key: 'dental-implants',
    name: 'Dental Implants',
    category: 'dental-restorative',
    synonyms: ['dental implant', 'tooth implant', 'tooth implants', 'single tooth implant'],
  },
  {
    key: 'all-on-4',
    name: 'All-on-4',
    category: 'dental-restorative',
    parent: 'dental-implants',
    synonyms: ['All on 4', 'All-on-Four', 'full arch implants', 'teeth in a day', 'All-on-X'],
  },
  {
    key: 'crowns',
    name: 'Dental Crowns',
    category: 'dental-restorative',
    synonyms: ['crown', 'crowns', 'dental crown', 'porcelain crown', 'CEREC'],
  },
  {
    key: 'root-canal',
    name: 'Root Canal',
    category: 'dental-restorative',
    synonyms: ['root canal treatment', 'root canal therapy', 'endodontic treatment'],
  },
  {
    key: 'veneers',
    name: 'Veneers',
    category: 'dental-cosmetic',
    synonyms: ['veneer', 'porcelain veneers', 'dental veneers', 'Lumineers'],
  },
  {
    key: 'teeth-whitening',
    name: 'Teeth Whitening',
    category: 'dental-cosmetic',
    synonyms: ['tooth whitening', 'whitening', 'teeth bleaching'],
  },
  {
    key: 'zoom-whitening',
    name: 'Zoom Whitening',
    category: 'dental-cosmetic',
    parent: 'teeth-whitening',
    synonyms: ['Zoom', 'Philips Zoom', 'in-office whitening'],
  },
  {
    key: 'clear-aligners',
    name: 'Clear Aligners',
    category: 'dental-orthodontics',
    synonyms: ['clear aligner', 'aligners', 'clear braces', 'invisible braces'],
  },
  {
    key: 'invisalign',
    name: 'Invisalign',
    category: 'dental-orthodontics',
    parent: 'clear-aligners',
    synonyms: ['Invisalign aligners'],
  },
  {
    key: 'cleaning-exam',
    name: 'Cleaning & Exam',
    category: 'dental-general',
    synonyms: [
      'dental cleaning',
      'teeth cleaning',
      'checkup',
      'check-up',
      'dental exam',
      'cleaning and exam',
      'hygiene visit',
    ],
  },
  {
    key: 'emergency-dental',
    name: 'Emergency Dental Care',
    category: 'dental-general',
    synonyms: ['emergency dentist', 'dental emergency', 'toothache', 'broken tooth', 'emergency dental'],
  },
  {
    key: 'tooth-extraction',
    name: 'Tooth Extraction',
    category: 'dental-general',
    synonyms: [
      'extraction',
      'extractions',
      'tooth removal',
      'wisdom teeth removal',
      'wisdom tooth extraction',
      'pulling a tooth',
    ],
  },
  {
    key: 'pediatric-dentistry',
    name: 'Pediatric Dentistry',
    category: 'dental-general',
    synonyms: [
      'pediatric dental',
      'kids dentist',
      "children's dentistry",
      'kids dental',
      'pediatric dentist',
    ],
  },
];
