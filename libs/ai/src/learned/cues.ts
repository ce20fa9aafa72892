import { HASHED_DIMENSIONS, hashedOfNormalised, normalise, type SparseVector } from './features';

/**
 * What a sentence vector and a bag of n-grams do not keep apart (docs/decisions/0048-cues-of-whose-body-and-when.md):
 * whose body a message speaks of, when, and whether it tells or asks. "How long does the swelling last after
 * filler?" and "my lip is still swollen since Friday's filler" lie next to each other in the sentence model's space
 * and share their words; what tells them apart is a question about what to expect against a report of the writer's
 * own body, now. Each cue is a family of ways of saying one such thing, in English, Spanish and Portuguese (folded:
 * lower case, accents off, punctuation a space); the learned reader's heads weigh them with everything else, so a
 * cue never decides alone. Linear in the text: alternations of fixed words, read over the same first
 * MAX_FEATURE_CHARS as the n-grams.
 */
export const CUES = [
  {
    name: 'resolved',
    /** A symptom that has gone ('the bruise is totally gone', 'ya se me bajó', 'já desinchou'). */
    pattern:
      /\b(went away|gone away|(is|are|its|it s|all|totally|completely|pretty much|almost) gone|gone now|went down|(has|have) gone down|cleared up|healed( up)?|settled( down)?|calmed down|subsided|faded( away)?|disappeared|went back to normal|back to normal|normal again|(better|fine|ok|okay|good|great) now|no longer (hurts|swollen|red|bruised|sore)|ya (se )?(me |le )?(bajo|bajaron|paso|pasaron|quito|quitaron|desaparecio|desaparecieron|fue|fueron|sano|curo|mejoro|desinflamo)|ya no (tengo|me duele|me arde|esta|estan|hay)|ya estoy bien|desaparecio|sumiu|sumiram|passou|ja (melhorou|melhorei|desinchou|sarou|cicatrizou|saiu)|nao (tenho|sinto|doi) mais|voltou ao normal)\b/,
  },
  {
    name: 'satisfied',
    /** Pleased with a result ('I love it', 'quedaron divinos', 'ficou ótimo'). */
    pattern:
      /\b(love (it|them|the (results?|way|look))|loved (it|them|the)|loving (it|the)|(so|very|really|super) happy with|happy with (the|my|how|it|them)|thrilled|(looks?|looking|turned out|came out) (great|amazing|so good|really good|perfect|natural|beautiful|fantastic|so much better|better)|you (guys |all )?were right|me encanto|me encantaron|me encanta como|quedo (divino|precioso|perfecto|muy bien|hermoso|increible)|quedaron (divinos|preciosos|perfectos|muy bien|hermosos)|(muy|super) (contenta|contento|feliz)|ficou (otimo|lindo|perfeito|maravilhoso|muito bom|incrivel)|ficaram (otimos|lindos|perfeitos)|amei|adorei|(muito|super) (feliz|satisfeita|satisfeito))\b/,
  },
  {
    name: 'asks_what_to_expect',
    /** A question about what a treatment is like in general ('how long does it last', '¿es normal?'). */
    pattern:
      /\b(how long (does|do|will|should|would|is)|is it (normal|common|usual|typical)|(normal|common|usual|typical) to (have|get|be|feel|see)|should i expect|what (should|can|do) i expect|what to expect|do (most )?people|does it (hurt|cause|leave|swell|bruise)|will (it|i|there) (hurt|swell|bruise|be)|is there (any |much |a lot of )?(downtime|swelling|bruising|pain|recovery)|side effects?|usually|normally|typically|es normal|cuanto (tiempo )?(dura|duran|tarda|tardan)|suele|duele mucho|e normal|quanto tempo (dura|demora|leva)|costuma|doi muito)\b/,
  },
  {
    name: 'ahead_of_treatment',
    /** Asking before any treatment ('before I book', 'pensando en hacerme'). */
    pattern:
      /\b(before i (book|get|do|come|schedule|decide|commit|go)|asking (before|ahead|first)|planning (to|on|for|my|a)|thinking (about|of) (getting|doing|having)|considering|interested in (getting|doing|having)|never had|first time|antes de (agendar|hacerme|ponerme|reservar|hacerlo|decidir|marcar|fazer)|pensando en|estoy (pensando|considerando)|nunca me he|pensando em|estou (pensando|considerando)|nunca fiz)\b/,
  },
  {
    name: 'someone_else',
    /** Someone close to the writer named ('my sister', 'mi mamá', 'minha filha'). */
    pattern:
      /\b(my|our|mi|mis|nuestra|nuestro|meu|minha|nossa|nosso) (\w+ )?(daughter|son|kid|child|mom|mother|mum|dad|father|husband|wife|partner|boyfriend|girlfriend|sister|brother|friend|cousin|aunt|uncle|grandma|grandmother|coworker|hija|hijo|mama|madre|papa|padre|esposa|esposo|marido|hermana|hermano|amiga|amigo|prima|primo|abuela|tia|novia|novio|filha|filho|mae|pai|irma|irmao|namorada|namorado|avo)s?\b/,
  },
  {
    name: 'ongoing',
    /** Something that lasts until now ('still', 'since Friday', 'for three days', 'todavía', 'ainda'). */
    pattern:
      /\b(still|right now|since|keeps?|kept|won t (go|stop)|hasn t (gone|stopped|gotten)|for (\d+|two|three|four|five|a few|several|a couple of) (days|hours|weeks)|yesterday|this morning|last night|today|tonight|woke up|todavia|sigue|siguen|desde|ayer|anoche|hoy|esta manana|amaneci|ainda|continua|ontem|hoje|esta manha|acordei)\b/,
  },
  {
    name: 'long_ago',
    /** A treatment or an event long past ('years ago', 'el año pasado', 'ano passado'). */
    pattern:
      /\b(years? ago|last year|a year ago|(\d+|two|three|several|many) years|when i was (younger|a kid|a teen)|hace (anos|un ano|mucho)|el ano pasado|anos atras|ano passado|faz (anos|um ano))\b/,
  },
  {
    name: 'adult_age',
    /** The writer's or the patient's age, 18 or over ('I'm 19', 'tengo 20 años', "she's 22"). */
    pattern:
      /\b((1[89]|[2-9]\d) ?(years? old|yrs? old|yo|anos)|(i m|im|i am|she s|he s|she is|he is|tengo|tiene|tenho|tem) (1[89]|[2-9]\d))\b/,
  },
  {
    name: 'minor_age',
    /** An age under 18 or a school year ('I'm 16', 'tiene 15 años', 'high school'). */
    pattern:
      /\b((1[0-7]|[5-9]) ?(years? old|yrs? old|yo|anos)|(i m|im|i am|she s|he s|she is|he is|tengo|tiene|tenho|tem) (1[0-7])|high school|middle school|secundaria|prepa|ensino medio|colegio)\b/,
  },
  {
    name: 'denied',
    /** A symptom said not to be there ('no pain', "doesn't hurt", 'sin dolor', 'sem dor'). */
    pattern:
      /\b((no|not|without|zero|never|sin|sem|nada de) (any |a |much )?(pain|swelling|bruising|redness|bleeding|problems?|issues?|side effects|dolor|hinchazon|moretones|dor|inchaco|problemas?)|(doesn t|does not|didn t|did not|don t|no me|nao) (hurt|duele|dolio|doi|doeu))\b/,
  },
  {
    name: 'writer_reports',
    /** The writer telling of their own body now ('I have', 'my lip is', 'tengo', 'estou com'). */
    pattern:
      /\b(i have|i ve had|i got|i m (having|getting|feeling|still)|im (having|getting|feeling|still)|i feel|i noticed|i see|my (\w+ )?(face|lip|lips|eye|eyes|eyelid|cheek|cheeks|skin|forehead|nose|chin|jaw|tooth|teeth|gum|gums|breast|breasts|belly|stomach|arm|arms|leg|legs|incision|scar|mouth|neck|brow|brows) (is|are|has|have|feels?|looks?|got|became|started|keeps?|won t)|tengo|me (duele|arde|pica|salio|salieron|siento)|estoy|se me|eu (tenho|estou|sinto)|estou com|tenho|(meu|minha) (\w+ )?(rosto|boca|pele|cara|bochecha|labio|labios|olho|dente|gengiva) (esta|ficou)|sinto)\b/,
  },
  {
    name: 'worsening',
    /** Getting worse ('spreading', 'peor', 'piorando'). */
    pattern:
      /\b(worse|worsening|spreading|getting bigger|bigger and bigger|peor|empeorando|empeora|pior|piorando|piorou|aumentando|growing)\b/,
  },
] as const;

/** The cues' buckets follow the hashed n-grams'. */
export const CUE_DIMENSIONS = CUES.length;
export const FEATURE_DIMENSIONS = HASHED_DIMENSIONS + CUE_DIMENSIONS;

/** The cues a text holds, by name (for tests and the reasoning). Pure. */
export function cuesOf(text: string): string[] {
  const folded = normalise(text);
  return CUES.filter(({ pattern }) => pattern.test(folded)).map(({ name }) => name);
}

/**
 * A text's sparse features: its hashed n-grams (L2-normalised) and then one bucket per cue it holds, past
 * HASHED_DIMENSIONS (value 1). Pure.
 */
export function sparseFeatures(text: string): SparseVector {
  const folded = normalise(text);
  const hashed = hashedOfNormalised(folded);
  const cueIndices: number[] = [];
  CUES.forEach(({ pattern }, index) => {
    if (pattern.test(folded)) cueIndices.push(HASHED_DIMENSIONS + index);
  });
  const indices = new Uint32Array(hashed.indices.length + cueIndices.length);
  indices.set(hashed.indices);
  indices.set(cueIndices, hashed.indices.length);
  const values = new Float32Array(indices.length);
  values.set(hashed.values);
  values.fill(1, hashed.values.length);
  return { indices, values };
}
