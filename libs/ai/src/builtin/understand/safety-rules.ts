import type { EscalationPriority, EscalationReason } from '@pp/contracts';
import type { EscalationFinding } from '../../model';
import { agesOn, BIRTH_DATE, statedAges } from './birth-date';
import { findProcedures, isDentalKey } from './procedures';
import {
  BODY_PART,
  CONCERN,
  DISPUTE_WORD,
  DISSATISFACTION,
  DISSATISFACTION_MORE,
  EXPECTATION as EXPECTATION_WORDS,
  HEALTH_CONDITION,
  HEALTH_DISCLOSURE,
  LEGAL_INDIRECT,
  MEDICATION,
  MINOR_INDIRECT,
  MONEY_OR_TIME,
  MONEY_WORD,
  PAST_TREATMENT,
  PERSON_REQUEST,
  PREGNANCY_INDIRECT,
  SIGN,
  TREATMENT_WORD,
} from './lexicon';
import { excerptAround, expand, respell } from './text';

/**
 * The rules that take a message away from the AI (docs/product/ai-engine.md#escalation): escalation triggers,
 * opt-out, wrong number and spam. They read the message in lower case without accents, with the positions of the
 * original kept, so that the evidence is quoted as written. A trigger preceded by a negation in its clause ('no
 * pain', 'not pregnant', 'sin dolor') does not count.
 */

/** Lower case without accents, one character for one character, so positions match the original. */
export function foldKeepingPositions(text: string): string {
  let out = '';
  for (const char of text) {
    const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    const lower = base.toLowerCase();
    out += lower.length === char.length ? lower : char.length === 1 ? '?' : char;
  }
  return out.replace(/[’‘`´]/g, "'");
}

const NEGATION =
  /(?:^|[^\p{L}])(no|not|never|dont|don't|didnt|didn't|doesnt|doesn't|isnt|isn't|wasnt|wasn't|arent|aren't|havent|haven't|hasnt|hasn't|without|none|zero|nor|neither|barely|hardly|sin|nunca|ni|tampoco|nada de|nothing|ningun|ninguna|ninguno|nao|sem|nenhum|nenhuma|nem)(?=[^\p{L}]|$)/u;
/** 'not sure', 'no idea', 'no se si' hedge rather than negate. */
const HEDGE =
  /\b(not sure|no idea|not certain|no se si|nao sei se|not know|dont know|don't know|can't tell|cant tell|not normal|no es normal|nao (e|esta|ta) normal|not going away|not stopping|no para|nao para|no se quita|nao passa|not getting better|nao melhora|won't go away|wont go away|won't stop|wont stop)\b/;
/**
 * 'without' that tells of what the writer cannot do ('sin poder respirar', 'sem conseguir abrir o olho', 'without
 * being able to swallow'), or of something that does not let up ('I can't go an hour without throwing up'): the
 * sign after it is there, not denied.
 */
const WITHOUT_BEING_ABLE =
  /\b(sin (poder|lograr)|sem (poder|conseguir)|without (being |been )?able( to)?)(\s+[^\s]+){0,2}\s*$|\b(can'?t|cannot|can not|no puedo|nao consigo|nao posso)\b.{0,30}\b(without|sin|sem)\s*$/;

/** True when the words before `index` in its clause negate what follows. */
export function isNegated(folded: string, index: number): boolean {
  const before = folded.slice(Math.max(0, index - 60), index);
  const clause =
    before
      .split(
        /[.!?;\n]|,\s*(?=(?:but|pero|and|y|so|i|i'm|im|my|it|it's|its|she|he|they|we|now|still|today|estoy|tengo|me|mi|ahora|ya|que|la|el|can|could|may|would|when|what|how|puedo|pueden|cuando)\b)|\b(?:but|pero|however|although|though|except|excepto|other than|aside from|apart from|besides|only thing|menos|salvo)\b/,
      )
      .pop() ?? '';
  const tail = clause.trim().split(/\s+/).slice(-5);
  const words = tail.join(' ');
  if (!NEGATION.test(` ${words}`)) return false;
  if (WITHOUT_BEING_ABLE.test(clause)) return false;
  // 'no', 'sin', 'without', 'zero' negate the word after them (or a list: 'no bruising or swelling'), not a
  // later verb ('sin dolor, quiero agendar').
  const last = tail
    .map((word) => word.replace(/[^\p{L}']/gu, ''))
    .reduce((found, word, at) => (NEGATION.test(` ${word}`) ? at : found), -1);
  const negator = tail[last]?.replace(/[^\p{L}']/gu, '') ?? '';
  // A question after the negation starts a new thought ("doesn't hurt, can I come in"), even without a comma.
  const afterNegator = tail
    .slice(last + 1)
    .join(' ')
    .replace(/[^\p{L} ]/gu, '');
  if (/\b(can|could|may|puedo|pueden|podria) (i|we|you|u|me|nos)\b/.test(afterNegator)) return false;
  // 'nothing hurts', 'nothing is swollen', 'nothing else feels off': the word right after it (or after a verb of
  // being), never a list or a later clause ('did nothing or I'm suing').
  if (negator === 'nothing') {
    const between = tail.slice(last + 1);
    return between.every((word) => /^(is|was|feels?|felt|seems?|looks?|really|else)$/.test(word));
  }
  if (
    /^(no|sin|without|zero|none|nada|barely|hardly|ningun|ninguna|ninguno|ni|nor|neither|sem|nenhum|nenhuma|nem)$/.test(
      negator,
    )
  ) {
    const between = tail.slice(last + 1);
    const list = between.some((word) => /^(or|nor|and|ni|o|y)$|,$/.test(word));
    if (between.length > 1 && !list) return false;
  }
  return !HEDGE.test(`${words} ${folded.slice(index, index + 20)}`);
}

interface Rule {
  reason: EscalationReason;
  priority: EscalationPriority;
  pattern: RegExp;
  /**
   * An extra test on the whole folded message (e.g. a treatment in the past); `on` is the day the message came
   * in (a date of birth reads as an age on it).
   */
  when?: (folded: string, match: RegExpExecArray, on: Date) => boolean;
  /** The priority when it depends on the words (a chronic symptom is less urgent than an acute one). */
  priorityOf?: (folded: string, match: RegExpExecArray) => EscalationPriority;
  /** Ignore a negated match (default true). */
  negatable?: boolean;
  /** Ignore a symptom said to be gone ('the bruise went away', `saidToBeGone`). */
  resolvable?: boolean;
}

/** A treatment or a visit in the past: the symptom is about something done. */
const AFTER_TREATMENT = new RegExp(
  [
    String.raw`\b(after|from|post)\s+(my|her|his|our|your|last|i got|i had)\b`,
    String.raw`\b(after|since) (the|that|this) (filler|fillers|botox|tox|treatment|procedure|surgery|injections?|laser|peel|facial|session|appointment|visit|lipo|implants?)\b`,
    String.raw`\b(botox|tox|filler|fillers|injection|treatment|treated|laser|implant|surgery|surgical|lipo|needle|iv|extraction|graft|biopsy|drain|incision|suture) (site|sites|area|areas|spot|spots)\b`,
    // 'the area they froze', 'the spot she injected'
    String.raw`\b(area|areas|spot|spots|part|parts|side|place|places) (they|you|u|she|he|the (doctor|nurse|injector|surgeon|tech)) (froze|frozen|treated|injected|did|lasered|worked on|numbed|operated on|sculpted)\b`,
    String.raw`\b(zona|area|parte|lugar) (del|de la|de los|de las|donde) (relleno|inyeccion|inyecciones|botox|tratamiento|laser|cirugia|lipo|herida|implante|implantes|me (pusieron|inyectaron|hicieron))\b`,
    String.raw`\b(me|le|se me|se le) (quedo|quedaron)\b|\b(labios?|cara|nariz|ojos?|frente|piel|boca|senos?|pompis|gluteos?|menton|cuello) (me |le )?(quedo|quedaron)\b`,
    String.raw`\bpost[- ](filler|fillers|botox|tox|lipo|surgery|laser|peel|injections?|facial|extraction|implants?|bbl|lift|tuck|whitening)\b`,
    String.raw`\bsince\s+(my|the|her|his|our|getting|having|i got|i had|then|starting|i started|taking|using|beginning)\b`,
    // 'since thursday's botox', 'after monday's peel'
    String.raw`\b(since|after|from)\s+(mon|tues|wednes|thurs|fri|satur|sun)day'?s\b`,
    // 'since last week's filler' (not 'since last night': a time alone)
    String.raw`\bsince last\b(?!\s+(night|nite|evening|week|weekend|month|year|time|mon|tues|wednes|thurs|fri|satur|sun)(day)?\b(?!'))`,
    // a treatment doing something to the body ('the shots make me dizzy', 'the peel left my skin raw')
    String.raw`\b(shots?|injections?|meds?|medication|pills?|drips?|iv|treatments?|filler|botox|ozempic|wegovy|mounjaro|zepbound|semaglutide|tirzepatide|laser|peel|whitening|trays|aligners) (make|makes|made|making|give|gives|gave|cause|causes|caused|causing|leave|leaves|left|are making|is making) (me|my|her|his)\b`,
    // a course of a medicine under way ('on the new wegovy dose', 'since the higher dose')
    String.raw`\b(on|since|after) (the|my|this)( new| higher| next| latest| \d+ ?mg)?( dose of)? (ozempic|wegovy|mounjaro|zepbound|saxenda|semaglutide|tirzepatide|glp ?1|dose)\b`,
    // a dental restoration that came off or broke
    String.raw`\b(veneers?|crowns?|filling|implant|bridge|temporary|temp|carillas?|coronas?|empaste|puente|implante) (popped|fell|came|broke|cracked|chipped|se cayo|se despego|se rompio|se quebro)( off| out| loose)?\b`,
    String.raw`\bse (me|le) (cayo|despego|rompio|quebro) (una|la|el|mi) (carilla|corona|empaste|puente|implante)\b`,
    String.raw`\b(still|todavia|aun)\b.{0,40}\b(after|despues)\b`,
    String.raw`\b(post[- ]?op|post[- ]?treatment|post[- ]?procedure|(my|in|during|still|the) (recovery|healing)|recovering|healing (well|fine|ok|okay|slowly|up))\b`,
    String.raw`\b(despues de(l)?|desde (mi|la|el|que))\b`,
    // Portuguese, its words read as Spanish (text.ts): 'depois do/da', 'desde o/a'
    String.raw`\b(despues (do|da|dos|das|de|mi)|desde (o|a|os|as))\b`,
    String.raw`\b(me|le|les|nos) (hice|hicieron|pusieron|aplicaron|inyectaron|operaron|colocaron|sacaron)\b`,
    String.raw`\bse (hizo|puso|opero|inyecto)\b`,
    // Portuguese 'coloquei prótese', read as Spanish (text.ts): the writer had it put in
    String.raw`\b(puse|coloque|hice) (\w+ )?(implantes?|relleno|botox|protesis|lipo|carillas|coronas?)\b`,
    // a treatment that hurt the body ('me quemaron la cara con el láser')
    String.raw`\b(me|le|nos) (quemaron|quemo|lastimaron|lastimo|cortaron|corto|marcaron)\b`,
    String.raw`\b(had|got) (my|her|his|their) (\w+ ){1,2}(done|pulled|injected|treated|lasered)\b`,
    String.raw`\b(injection site|injected|treated area|where it was treated|incision|stitches|sutures|drain|implant|implants|herida|cicatriz|puntos)\b`,
  ].join('|'),
);

/** When something happened: a treatment in the past when the message names one. */
const WHEN_DONE = new RegExp(
  [
    String.raw`(^|[.!?]\s*)(got|had|did)\s`,
    // a telegraphic report opening with the treatment and its day ('microneedling saturday. tiny bumps…')
    String.raw`(^|[.!?]\s*)[a-z0-9' ]{2,30}? (mon|tues|wednes|thurs|fri|satur|sun)day\s*[.!,;-]`,
    String.raw`\b(and now|now (there|there'?s|theres|i|my|it|they|the|its|it's)|y ahora|e agora)\b`,
    // 'my left eye looks smaller now': a change, with a treatment named
    String.raw`\b(looks?|feels?|is|are|seems?) (\w+ ){1,2}now\b`,
    String.raw`\b(was|were) (on |last |this past )?(mon|tues|wednes|thurs|fri|satur|sun)day\b`,
    String.raw`\b(was|were) (yesterday|last (week|night)|this morning|(\d+|a|two|three|four|five) (days?|weeks?) ago)\b`,
    String.raw`\b(on|since|last|this past) (mon|tues|wednes|thurs|fri|satur|sun)day\b`,
    String.raw`\b(el|desde el) (lunes|martes|miercoles|jueves|viernes|sabado|domingo)\b`,
    // 'la paciente del mommy makeover del lunes', not 'mi cita del jueves' (an appointment to come)
    String.raw`(?<!\b(cita|turno|consulta|hora|reserva|appointment)( \w+){0,2} )\bdel (lunes|martes|miercoles|jueves|viernes|sabado|domingo)( pasado)?\b`,
    String.raw`\b(i|we|she|he|my (daughter|son|wife|husband|mom|mother))\s+(just\s+)?(had|got|did|received|went|came in|was treated)\b`,
    String.raw`\bi(?:'?ve| have) (had|gotten|got|done)\b`,
    String.raw`\b(yesterday|last (week|wk|night|month|friday|monday|tuesday|wednesday|thursday|saturday|sunday)|this morning|earlier today)\b`,
    String.raw`\b(\d+|a|an|one|two|three|four|five|few|couple( of)?)\s*(days?|weeks?|wks?|hours?|hrs?|months?)\s+(ago|later|post|after|out)\b`,
    String.raw`\b(ayer|anteayer|antier|antes de ayer|(hace|ha|faz|fazem) (\d+|unos|unas|uns|umas|dos|dois|tres|una|un|uma|duas) (dias?|semanas?|horas?))\b`,
    String.raw`\b\d+ (days?|weeks?|months?) (since|from)\b`,
    // 'since', 'after': not before a time of day or a daily event ('can I come Thursday after 5', 'after work')
    String.raw`\b(since|after|desde|despues)\b(?! ?(\d|noon|midday|lunch|work|school|class|dinner|breakfast|my shift|hours|el trabajo|las \d|la \d|del trabajo|comer|almorzar))`,
  ].join('|'),
);

/** Words of a treatment or a visit. */
const TREATMENT =
  /\b(treatment|treated|procedure|surgery|operation|injection|injections|injected|shots?|appointment|session|visit|laser|peel|facial|extraction|tratamiento|procedimiento|cirugia|operacion|inyeccion|sesion|cita|extraccion)\b/;

/** A symptom as reported by the writer, not asked about in general. */
const REPORTED = new RegExp(
  [
    String.raw`\b(my|mi|mis|me|her|his|she|he|i|i'm|im|i am|it|it's|its|they|they're|is|are|still|now|woke up|started|keeps?|getting|got|has|have|there (is|are)|tengo|tiene|esta|estan|sigue|siguen|todavia|ando|anda|estoy|siento|se siente|se ve|se me|se le|amaneci|amanecio|been|feeling|having|feels|looks|sits|seems|theyre|no paro|sigo|llevo|sale|salen|salio|salieron|saliendo)\b`,
  ].join('|'),
);

/** A general question about what to expect ('is there swelling after filler?'), not a report. */
const EXPECTATION =
  /\b((what'?s|whats|what is) (the )?(normal|typical|usual|expected)|normal amount of|is (\w+ ){1,2}(normal|common|usual|typical|expected) (after|with|for)( (a|an|the))?\b|(is|are) (\w+ ){1,2}a (common |normal |usual )?side effect|(i'?m|im|i am) planning|planning (mine|it|one|my|a|an)|is it normal to|normal to (have|get|be)|is it (normal|common|usual|typical|expected) for (\w+ ){1,3}to|asking before|before i (book|get|do|come)|planning (to|on)|thinking (about|of) getting|will (i|there|it)|would (i|there|it)|is there (a lot of|much|any)?|how (much|long|bad)|should i expect|what to expect|do people|does it (cause|leave)|can it cause|could it cause|risk of|chance of|typical|normally|usually|hay|habra|how long (does|do|will|should|would)|cuanto (tiempo )?(dura|duran|tarda|tardan)|quanto (tempo )?(dura|duram|demora|demoram|leva)|(cuanto tiempo|cuantos dias) (se )?(queda|quedan|esta|estan|sigue|siguen|se ve|dura|duran|tarda|inflama|hincha)|(quanto tempo|quantos dias) (fica|ficam|vai ficar|permanece|dura|duram|demora|incha)|es normal tener|es normal que|e normal que|suele|e normal ter|costuma)\b/;

const REASSURED =
  /\b(no big deal|not a big deal|no problem|nothing serious|all good|mostly fine|totally fine|just fyi|fine now|ok now|okay now|no worries|nothing to worry about|feel(ing)? (fine|great|good)|todo bien|nada grave)\b/;

const SEVERE =
  /\b(severe|severely|extreme|extremely|unbearable|excruciating|terrible|horrible|really bad|so bad|very bad|worst|intense|intenso|fuerte|insoportable|muy mal|getting worse|worse|spreading|won't stop|wont stop|will not stop|no para|hot to the touch)\b/;

let treatmentNamed = false;
/** A surgery or an aesthetic treatment is what the message asks about (not dental care). */
let surgeryNamed = false;
/** A treatment in the past: said outright, or a time ('yesterday', '3 days ago') in a message naming one. */
/** 'afraid of the pain', 'miedo del dolor': a worry, not a symptom. */
const WORRY =
  /\b(afraid|scared|worried|nervous|anxious|fear|fearful|concerned|terrified|miedo|temor|preocupad[oa]|nervios[oa])\b[^.!?,;]{0,25}$/;
const worried = (folded: string, index: number) => WORRY.test(folded.slice(Math.max(0, index - 40), index));

/** Asking ahead of a treatment ('asking before I book', 'pregunto antes de agendar'): what follows is not a report. */
const BEFORE_TREATMENT =
  /\b(asking before|before i (book|get|do|come|schedule|decide)|antes de (agendar|hacerme|ponerme|reservar|hacerlo|ir|decidir)|pregunto antes|(i'?m|im|i am) planning|planning (to|on|mine|my|for|ahead)|(haven'?t|have not|havent|didn'?t|did not) (booked|scheduled|started|done (it|one|that|this)|had (it|one|that|this) done|gotten (it|one)|tried (it|one)) yet|not (booked|scheduled|done) yet|(todavia|aun) no (me )?(lo |la )?(he hecho|hice|agende|reserve|he reservado)|ainda nao (fiz|marquei|agendei)|me (lo|la) (quiero|quisiera|pienso|voy a) hacer|(quiero|quisiera|pienso|voy a) hacerme(lo|la)?|(quero|pretendo|vou|penso em) fazer (o|a|isso)?|(mine|my (appointment|procedure|surgery|treatment|session)) is (scheduled |booked )?(for )?(next|this coming|in \d+|on (mon|tues|wednes|thurs|fri|satur|sun)day))\b/;
const askedAhead = (folded: string, around: string) =>
  BEFORE_TREATMENT.test(folded) && !/\b(still|now|since|todavia|sigue|tengo|ahora)\b/.test(around);

/**
 * 'does Kybella cause swelling?', 'is it normal that Kybella causes swelling', '¿el Ozempic da pancreatitis?': what a
 * treatment does, in general (`before`: the words before the sign); 'my implant causes pain' and 'me da dolor' are
 * the writer's own.
 */
function whatATreatmentDoes(before: string): boolean {
  const clause = before.slice(before.search(/[^.!?\n]*$/));
  return (
    /\b(cause|causes|give you|gives you|leave you|leaves you|make you|makes you) (any |a lot of |much |some |bad |a little |more )?(\w+ )?$|(?<!\b(me|te|le|nos|les|lhe|lhes|se) )\b(causa|causan|provoca|provocan|da|dan|produce|producen|causam|provocam|dao) (algo de |mucha |mucho |muita |muito )?(\w+ )?$/.test(
      clause,
    ) && !/\b(my|mi|mis|meu|minha|her|his)\b/.test(clause)
  );
}

/**
 * How often or how likely a sign is, asked of people in general ('what are the odds of a blood clot after',
 * 'what percentage of people get', 'how common is', 'qué probabilidad hay de'): a question, not a report.
 */
const HOW_LIKELY =
  /\b((odds|chances?|risks?|likelihood|probabilit\w*|rate|percentage|porcentaje|porcentagem|riesgo|risco) (of|that|for|de|del|da|do|que)|how (common|likely|often|rare|frequent)|que tan (comun|frecuente|probable)|quao (comum|frequente)|what percent(age)?)\b[^.!?\n]{0,45}$/;
const askedHowLikely = (folded: string, match: RegExpExecArray) =>
  HOW_LIKELY.test(folded.slice(Math.max(0, match.index - 60), match.index));

/**
 * 'does it hurt?', 'will they swell?', '¿duele?', 'dói?': asking what a treatment feels like, not telling how it feels
 * ('me duele', 'está doendo' tell).
 */
const askedInGeneral = (folded: string, match: RegExpExecArray) =>
  (/^(duele|duelen|doi|doem)$/.test(match[0]) &&
    !/\b(me|te|le|nos|les|lhe|lhes|still|todavia|aun|ainda|sigue|segue|esta|estan|ta|estou|estoy|anda)\s+$/.test(
      folded.slice(Math.max(0, match.index - 12), match.index),
    ) &&
    /^[^.!?,;\n]{0,30}\?/.test(folded.slice(match.index))) ||
  whatATreatmentDoes(folded.slice(Math.max(0, match.index - 40), match.index)) ||
  askedHowLikely(folded, match) ||
  /\b(does|do|will|would|can|could) (it|they|this|that|the \w+|\w+ (?!(ta|esta|estao|tao|estan|sigue|segue|fica|ficou|anda|is|are|was|were|keeps|still)\b)\w+|(a|an|the|one|your) (?!my\b)\w+ \w+) (really |usually |normally )?$|\b((saber|pregunt\w*|y|o) si|if|whether|que tanto|que tan) (it |they |this |that )?(really |mucho |tanto )?$/.test(
    folded.slice(Math.max(0, match.index - 24), match.index),
  );

/** Money said to hurt ('my wallet is bleeding', 'mi bolsillo está llorando'): a figure of speech, not the body. */
const MONEY_HURTS =
  /\b(wallet|bank account|account|pockets?|budget|credit card|card|bank|savings|bolsillo|cartera|cuenta|tarjeta|carteira|bolso|conta|cartao)( \w+)? (is |are |esta |estan |ta )?(still )?$/;
/** …or after it ('me duele el bolsillo', 'it hurts my wallet', 'dói no bolso'). */
const HURTS_THE_MONEY =
  /^\s+(el |la |los |las |o |a |os |as |mi |mis |my |the |no |na |en el |en la |en mi )?(wallet|bank account|budget|bolsillo|billetera|cartera|cuenta|tarjeta|carteira|bolso|conta|cartao)\b/;
/** A fever that is a craze ('spring fever', 'baby fever', 'febre de compras', 'fiebre del sábado'). */
const FEVER_FIGURE =
  /\b((shopping|spring|spring break|cabin|baby|wedding|bridal|travel|vacation|beach|island|festival|concert|party|prom|football|playoff|world cup|gold|disco|saturday night|holiday|summer) fever|(febre|fiebre) (de|do|da|del|das|dos) (compras|shopping|viajes?|viage(m|ns)|verano|verao|sabado|ouro|oro|casamento|boda|bebes?|consumo|futbol|futebol|copa))\b/;

/**
 * 'typing is a pain', 'a pain in the neck', 'my wallet is bleeding', 'knocked out cold, best nap ever': an idiom, not
 * a symptom.
 */
/**
 * Someone or something in the writer's life that gives them a headache ('my boss gives me a headache', 'el jefe me
 * tiene con un dolor de cabeza', 'o trânsito me dá dor de cabeça'): annoyance, not a symptom.
 */
const GIVES_A_HEADACHE =
  /\b(boss|jefe|chefe|kids?|children|hijos|ninos|chamacos|filhos|husband|marido|esposo|wife|esposa|job|work|trabajo|trabalho|traffic|trafico|transito|taxes|impuestos|in-?laws?|suegr[oa]|sogr[oa]|landlord|teenagers?|adolescentes|clients?|clientes|customers?|coworkers?|companeros)\b[^.!?\n]{0,30}\b(gives?|giving|gave|are giving|is giving) me (such )?(a |an )?(\w+ )?(headache|migraine)|\b(boss|jefe|chefe|kids?|hijos|ninos|chamacos|filhos|marido|esposo|esposa|trabajo|trabalho|trafico|transito|impuestos|suegr[oa]|sogr[oa]|clientes|companeros)\b[^.!?\n]{0,30}\b(me|nos) (tiene|tienen|trae|traen|da|dan|dio|dieron|esta dando|estan dando|da|dao|deu|deram) (con )?(un |uma |tremendo |un tremendo )?(dolor|dor)( de (cabeza|cabeca))?/;
const idiom = (folded: string, match: RegExpExecArray) =>
  (/^(headaches?|dolor|dor)$/.test(match[0]) &&
    GIVES_A_HEADACHE.test(folded.slice(Math.max(0, match.index - 70), match.index + match[0].length + 12))) ||
  (/^(fever|febre|fiebre)/.test(match[0]) &&
    FEVER_FIGURE.test(folded.slice(Math.max(0, match.index - 20), match.index + match[0].length + 25))) ||
  (/^pain/.test(match[0]) &&
    (/\b(a|such a|what a|real|total|huge|big)\s+$/.test(
      folded.slice(Math.max(0, match.index - 12), match.index),
    ) ||
      /^pain in the\b/.test(folded.slice(match.index, match.index + 12)))) ||
  MONEY_HURTS.test(folded.slice(Math.max(0, match.index - 30), match.index)) ||
  (/^(hurts?|hurting|pain(ful)?|aches?|aching|duele|duelen|dolio|doi|doeu|doem)$/.test(match[0]) &&
    HURTS_THE_MONEY.test(folded.slice(match.index + match[0].length, match.index + match[0].length + 30))) ||
  (/^knocked out/.test(match[0]) && FELL_ASLEEP.test(sentenceAt(folded, match.index).sentence));

/** Sleep told as a knock-out ('knocked out cold during the facial, best nap of my life'). */
const FELL_ASLEEP =
  /\b(nap|naps|napped|asleep|slept|sleep|sleeping|snor\w*|dozed|zzz+|siesta|soneca|cochilo|dormi\w*)\b/;

/** The sentence a position of the folded text sits in, and where it begins. */
function sentenceAt(folded: string, index: number): { from: number; sentence: string } {
  const from = folded.slice(0, index).search(/[^.!?\n]*$/);
  const rest = folded.slice(index).search(/[.!?\n]|$/);
  return { from, sentence: folded.slice(from, index + rest) };
}

/**
 * A heart attack or a stroke as a figure of speech: something that gave one ('the quote nearly gave me a heart
 * attack'), or one nearly had at a sight or a price ('I almost had a stroke when I saw the bill').
 */
function heartFigure(folded: string, match: RegExpExecArray): boolean {
  if (!/^(heart attack|stroke)$/.test(match[0])) return false;
  const before = folded.slice(Math.max(0, match.index - 30), match.index);
  if (
    /\b(gave|give|gives|giving|almost gave|nearly gave) (me|him|her|us|them|my \w+) (a )?(mini )?$/.test(
      before,
    )
  )
    return true;
  const sentence = before.slice(before.search(/[^.!?\n]*$/)) + folded.slice(match.index).split(/[.!?\n]/)[0];
  return (
    /\b(almost|nearly|practically|about to|gonna|going to) (have |had |get |got )?(a )?(mini )?$/.test(
      before,
    ) &&
    /\b(when i (saw|seen|read|got|opened|looked|checked)|seeing|looking at|at how|at (the|that|your) (price|quote|bill|total|cost)|price|quote|bill|total|cost|estimate|invoice|photos?|pictures?|pics|proofs|mirror|selfies?|lol|haha|😅|😂)/.test(
      sentence,
    )
  );
}

/** A reason for a surgery that has lasted for years ('neck pain for years because of my chest'): not a report. */
const LONGSTANDING_WORDS =
  /\b(chronic|for (years|a long time|(over |more than |almost |nearly |about |like |the (last|past) )?(many|several|\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty) years|most of my life)|since (puberty|childhood|i was (a kid|little|young|a teen(ager)?))|my whole life|(been|was) (like )?(that|this) way (for|since) (months|years|forever)|desde (la pubertad|nin[oa]|pequen[oa]|siempre)|desde (a puberdade|crianca|pequen[oa]|sempre)|because of (the|their|its|my|her) (\w+ )?(size|weight)|all my life|por anos|desde hace (\w+ )?anos|hace (muchos |varios |\w+ )?anos que|toda mi vida|por el (tamano|peso)|(ha|faz) (muitos |varios |\w+ )?anos|pelo (tamanho|peso)|a vida toda|minha vida toda|a vida inteira)\b/;
/** A change told as recent or sudden: what has been there for years is acting up now. */
const CHANGED_LATELY =
  /\b(suddenly|all of a sudden|out of nowhere|getting worse|worse|worsening|spreading|lately|recently|this (week|morning)|yesterday|today|tonight|last night|de repente|ultimamente|peor|empeora\w*|ayer|hoy|anoche|do nada|piorou|pior|piorando|ontem|hoje)\b/;
/**
 * Something the writer has lived with for years, a reason for surgery ('back pain for years because of their size',
 * 'hace años que me duele la espalda por el tamaño del pecho'), unless it changed lately ('implants for years and
 * suddenly one breast is swollen').
 */
const longstanding = (around: string) => LONGSTANDING_WORDS.test(around) && !CHANGED_LATELY.test(around);

const post = (folded: string) => AFTER_TREATMENT.test(folded) || (treatmentNamed && WHEN_DONE.test(folded));

// --- a risk read or heard about ---------------------------------------------------------------------------

/**
 * A sign or a condition told as something read, heard or seen about a treatment ('I've read about the risks,
 * including blood clots', 'the droopy eyelid thing you see online', 'he leído sobre los riesgos'): a question about
 * a risk, not a report, unless the same sentence speaks of the writer's body now ('I read that swelling is normal but
 * my lip is purple').
 */
const HEARSAY =
  /\b((saw|seen|watched|watching|read|reading) (a|an|this|that|some|the|these|those) (viral )?(tiktoks?|tik toks?|videos?|vids?|reels?|posts?|stories|youtube( videos?)?|documentar(y|ies)|articles?|news stor(y|ies)|threads?)|(vi|he visto|mire|assisti) (un|una|um|uma|esse|ese|este|esta) (tiktok|video|reel|post|publicacion|publicacao|reportaje|reportagem|articulo|artigo)|(you|u|i|i'?ve|i have|people|we) (see|saw|seen|read|heard|hear)( \w+){0,4} (online|on (tiktok|instagram|ig|youtube|reddit|the internet|the news|social media|facebook|tv))|(i'?ve|i have|i) (read|heard|seen) (a lot|so much|stories|things|about|that|of|online)|horror stories|(the|about the|any|what are the|those|all the) (risks?|complications?)|risks? (like|such as|including)|(he leido|lei|he oido|escuche|vi|he visto)( \w+){0,3} (en (internet|tiktok|instagram|youtube|redes)|sobre|que)|(los|sobre los|todos los) riesgos|(li|ouvi|vi)( \w+){0,3} (na internet|no (tiktok|instagram|youtube)|sobre|que)|(os|sobre os|todos os) riscos)\b/;
/** The writer's own body now: 'my', 'I have', 'still', 'tengo', 'ainda'. */
const OWN_BODY_NOW =
  /\b(my|mi|mis|meu|minha|meus|minhas|i have|i'?ve got|i got|i'?m (having|getting|so|really|still|swollen|bleeding|in pain)|tengo|tenho|estoy|estou|still|todavia|ainda|right now|ahora|agora)\b/;

/**
 * A sign the writer foretells for after a treatment to come ('I know I'll be swollen for weeks afterward', 'voy a
 * estar hinchada después'): planning, not a report — never a sign that can come on now (sick, faint).
 */
const WILL_BE =
  /\b(i'?ll|i will|i'?m going to|im going to|i'?m gonna|im gonna|i'?d|i would|it'?ll|it will|there'?ll|there will|voy a|vou|irei|vai)( probably| likely| definitely| obviously| still)? (be|get|look|feel|have|estar|ficar|sentir|quedar|ter|tener)( (so|very|really|super|a bit|a little|pretty|quite|muy|bem|um pouco|un poco))?( \w+)? $/;
const AFTERWARD =
  /\b(afterwards?|after (it|that|the|my|surgery|each)|for (days|weeks|a (week|while)|a few (days|weeks)|the first (few )?(days|weeks))|post-?op|during (the )?(recovery|healing)|while (i'?m )?(healing|recovering)|despues|depois|durante (la |a )?(recuperacion|recuperacao))\b/;
function foretold(folded: string, match: RegExpExecArray): boolean {
  if (/^(sick|faint|pass|vomit|throw|nause)/.test(match[0])) return false;
  const { from, sentence } = sentenceAt(folded, match.index);
  const before = folded.slice(Math.max(from, match.index - 50), match.index);
  return (
    WILL_BE.test(before) &&
    AFTERWARD.test(sentence.slice(match.index - from)) &&
    !/\b(now|still|already|right now|ahora|agora|ya|ja|todavia|ainda)\b/.test(
      sentence.slice(0, match.index - from),
    )
  );
}

/** Whether the match sits in a sentence that tells of a risk read or heard about, not of the writer's body. */
function toldAsHearsay(folded: string, match: RegExpExecArray): boolean {
  const { sentence } = sentenceAt(folded, match.index);
  return HEARSAY.test(sentence) && !OWN_BODY_NOW.test(sentence);
}

// --- a symptom said to be gone --------------------------------------------------------------------------

/** A symptom gone ('went away', 'is totally gone', 'went down', 'ya se me bajó', 'já desinchou'). */
const GONE =
  /\b(went away|gone away|(is|are|it'?s|its|all|totally|completely|pretty much|almost|mostly) gone|gone now|went down|(has|have|had) gone down|cleared up|healed (up|fine|well|nicely)|settled down|(has|have|had|finally|all|totally|completely) settled|calmed down|subsided|(ya )?ni me acuerdo de|(ja )?nem (me )?lembro (d[aoe]|mais)|(don'?t|do not|can'?t|cannot) even remember (the|it|that)|faded( away)?|fading( away| out)?|long gone|long over|over now|(ya|ja) (esta|estan|estoy|estou|ta|to) (todo |tudo )?(bien|bem|normal|ok)|(it|that|the (pain|bleeding|ache|swelling|throbbing)|they) (has |had |finally |eventually |then )?stopped|stopped (hurting|bleeding|aching|throbbing)|dejo de (doler|sangrar)|parou de (doer|sangrar)|(it'?s|its|it is|all|totally|is|are|everything'?s|everything is) (fine|ok|okay|good|normal) now|disappeared|resolved|se resolvio|(se )?resolveu|back to normal|normal again|ya se (me |le )?(paso|pasaron|quito|quitaron|fue|fueron)|ya (se )?(me |le )?(bajo|bajaron|desaparecio|desaparecieron|sano|curo|mejoro|desinflamo)|ya no (me duele|me arde|esta|estan|hay)|desaparecio|desaparecieron|sumiu|sumiram|passou(?! a\b)|ja (melhorou|desinchou|sarou|cicatrizou))\b/g;
/** Said not to be gone, or asked when it will be ('hasn't gone away', 'não passou', 'when will it be back to normal'). */
const NOT_YET =
  /\b(not|never|no|nao|nunca|hasn'?t|haven'?t|didn'?t|isn'?t|aren'?t|yet|will|when|until|till|be|get|should|would|hasta|cuando|quando|ate)\s+(\w+\s+)?$/;
/** Back, worse or still there: not gone. */
const NOT_GONE =
  /\b(came back|coming back|comes back|back again|again|returned|worse|spreading|still|volvio|regreso|de nuevo|otra vez|peor|todavia|sigue|voltou|de novo|piorou|pior|ainda)\b/;
/** Where a clause ends: punctuation, or a word that joins or turns to something else. */
const CLAUSE_BREAK =
  /[.!?;,\n]|\b(but|and|pero|y|mas|e|however|though|although|except|now|ahora|agora|then|luego|depois)\b/g;
/** A word that joins or turns right after a comma (', but …', ', pero …'). */
const JOINING_WORD = /^\s*(but|and|pero|y|mas|e|however|though|although|then|luego|depois)\b/;
/** A clause that goes on about the thing just named ('… but it went away the next day'). */
const SAME_THING = /^\s*(it|it'?s|they|that|which|all|everything|todo|eso|isso|tudo|ya|ja)\b/;

/** Whether a clause says something is gone, with no word of it lasting or coming back. */
function tellsGone(clause: string): boolean {
  if (NOT_GONE.test(clause)) return false;
  for (const gone of clause.matchAll(GONE)) {
    if (!NOT_YET.test(clause.slice(Math.max(0, (gone.index ?? 0) - 20), gone.index))) return true;
  }
  return false;
}

/**
 * Whether the symptom matched is said to be gone, in its own clause ('the redness went away after two days',
 * 'ya se me bajó la hinchazón') or in the next one about the same thing ('a headache after botox, but it went
 * away'): not a report of the body now. A symptom in another clause is read on its own ('the bruise went away but
 * my lip is hard'), and anything still there, back or worse is not gone.
 */
function saidToBeGone(folded: string, match: RegExpExecArray): boolean {
  const start = Math.max(0, match.index - 80);
  const end = match.index + match[0].length;
  const before = folded.slice(start, match.index);
  let clauseStart = 0;
  for (const found of before.matchAll(CLAUSE_BREAK)) clauseStart = (found.index ?? 0) + found[0].length;
  const after = folded.slice(end, end + 120);
  const breakAfter = new RegExp(CLAUSE_BREAK.source).exec(after);
  const clauseEnd = breakAfter ? breakAfter.index : after.length;
  const clause = before.slice(clauseStart) + match[0] + after.slice(0, clauseEnd);
  // The clause that follows in the same sentence: '… went down but came back', '… but it went away'.
  let next = '';
  if (breakAfter && !/[.!?;\n]/.test(breakAfter[0])) {
    let rest = after.slice(clauseEnd + breakAfter[0].length);
    // ', but it went away': a comma and the word that turns after it are one break.
    const turn = breakAfter[0] === ',' ? JOINING_WORD.exec(rest) : null;
    if (turn) rest = rest.slice(turn[0].length);
    const nextBreak = new RegExp(CLAUSE_BREAK.source).exec(rest);
    next = rest.slice(0, nextBreak ? nextBreak.index : rest.length);
  }
  if (NOT_GONE.test(next)) return false;
  if (tellsGone(clause) || (SAME_THING.test(next) && tellsGone(next))) return true;
  // Told through, then gone, in one sentence that names no other sign: 'a bruise from my last botox, lasted like
  // a week, all gone now'; '(swelling for a week), fully resolved since'.
  const sentence = after.slice(0, after.search(/[.!?;\n]|$/));
  return !SIGN_WORD.test(sentence) && tellsGone(sentence);
}

// --- an old result, not a symptom now ---------------------------------------------------------------------

/**
 * The message places a treatment or an injury long in the past ('broke my nose in college', 'braces as a kid', 'a
 * rhinoplasty 4 years ago', 'hace años'; not 'ever since the botox'). Clock-free: only years a product built now can
 * call long past (before 2020) are named.
 */
const LONG_PAST =
  /\b((\d+|one|two|three|four|five|six|seven|eight|nine|ten|several|many|a few|some|couple( of)?) (years?|yrs?) (ago|back)|(a|one|last) year ago|last year|(as|when i was) a (kid|child|teen|teenager|boy|girl)|when i was (younger|little|small|\d+|in (high school|college))|in (my )?childhood|(en|de) (mi |la )?(infancia|ninez)|na (minha )?infancia|(stopped|quit) (wearing|using) (my|the) (retainers?|aligners?)|(had|wore) braces|(has|have|had|it'?s|its|it) always (was|been) like (this|that)|in (high school|college|middle school|my teens|my twenties|the (80s|90s))|in (19\d\d|200\d|201\d)|(has|have|had|it'?s|its|it) always (been|had|looked|was)|for (years|decades|a long time)|hace (anos|mucho|(un|dos|tres|\d+) anos?)|el ano pasado|de (nina|nino|chica|chico|adolescente|joven)|en la (prepa|secundaria|universidad)|desde (siempre|hace anos)|anos atras|ano passado|faz (anos|um ano|\d+ anos)|quando (eu )?era (crianca|adolescente|nova|novo))\b/;

/** A sign the body is acting up now: a current pain, swelling, heat, fever or a recent change. */
const ACUTE_NOW =
  /\b(swollen|swelling|hot|warm to the touch|fever\w*|infect\w*|pus|oozing|suddenly|all of a sudden|out of nowhere|getting worse|worse|worsening|spreading|lately|recently|this (week|morning)|yesterday|today|tonight|hinchad[oa]s?|hinchazon|fiebre|de repente|ultimamente|peor|empeora\w*|ayer|hoy|inchad[oa]|piorou|pior|ontem|hoje)\b/;

/** Words of a result or a shape, not of a reaction: what an old treatment or injury left. */
const RESULT_WORD =
  /^((broke|broken|cracked) .*(nose|jaw)|crooked|bumps?|shifted|migrat\w*|deflat\w*|uneven|lopsided|asymmetr\w*|droop(y|ing|ed|s)?|(one|the) (side|breast|implant) .*|ripplin\w*)$/;

/**
 * A result an old treatment or injury left, told as the reason for a new one ('I had braces as a teen and my teeth
 * shifted back', 'broke my nose in college and it has been crooked since', 'filler done elsewhere a year ago
 * migrated'): a candidate's history, not a symptom now — unless something is acting up now (LABELS: chronic
 * reasons for surgery and another practice's old work brought for a revision are not escalated).
 */
const longPastCalm = oncePerText(
  (folded) => LONG_PAST.test(folded) && !ACUTE_NOW.test(folded) && !hurtsNowIn(folded),
);
/** Weight the writer lost ('down 120 lbs', 'lost 40 pounds', 'bajé 30 kilos', 'emagreci 20 quilos'). */
const WEIGHT_LOST =
  /\b((lost|losing|down|dropped|shed) (over |about |almost |nearly )?(\d+|\w+) ?(lbs?|pounds|kilos?|kgs?)|(\d+) ?(lbs?|pounds|kilos?|kgs?) (down|lost|off)|weight ?loss|(baje|perdi) (\w+ )?\d+ (kilos|libras|quilos)|emagreci)\b/;
/** Skin that a large weight loss left ('my chest is deflated'): the reason for a lift, not a symptom. */
const leftByWeightLoss = oncePerText(
  (folded) => WEIGHT_LOST.test(folded) && !ACUTE_NOW.test(folded) && !hurtsNowIn(folded),
);
const anOldResult = (folded: string, match: RegExpExecArray) =>
  RESULT_WORD.test(match[0]) &&
  (longPastCalm(folded) || (/^deflat/.test(match[0]) && leftByWeightLoss(folded)));

/**
 * Breathing through one side of the nose, long hard ('hard to breathe out of my left side since I broke it'): a
 * reason for a rhinoplasty, not a breathing emergency.
 */
const NASAL =
  /\b((out of|through|on|from) (one|the (left|right)|my (left|right)|(left|right)|one of my) (side|nostril)s?( of my nose)?|(left|right|one) (side|nostril) of my nose|through my nose|deviated septum|septum|nasal|por un lado de la nariz|por la nariz|tabique)\b/;
const chronicNasal = oncePerText((folded) => NASAL.test(folded) && longPastCalm(folded));

/**
 * A question about people in general, the writer saying nothing of their own ('do people usually stop blood
 * thinners before lipo? just researching', 'can people with diabetes get implants?', '¿la gente con diabetes
 * puede…?').
 */
const ABOUT_PEOPLE =
  /\b(do (people|ppl|patients|most people|folks)|can (people|ppl|patients|someone|somebody|anyone)|(people|ppl|patients|someone|somebody|anyone) (who|with|on|that)|in general|generally speaking|general (q|question|info)|just (researching|curious|wondering|asking in general)|asking for (a|my) (friend|class|project|school)|class project|hypothetical\w*|la gente|las personas|(alguien|una persona) (que|con)|en general|pregunta general|as pessoas|alguem (que|com)|em geral|pergunta geral)\b/;
const WRITER_DISCLOSES = new RegExp(
  String.raw`(?<![\p{L}])(?:${HEALTH_DISCLOSURE}|(?:i'?m|im|i am) (?:a )?(?:diabetic|on)|my (?:doctor|dr|pcp|cardiologist|dermatologist))(?![\p{L}])`,
  'u',
);
const askedAboutPeople = oncePerText((folded) => ABOUT_PEOPLE.test(folded) && !WRITER_DISCLOSES.test(folded));

/** Medicines whose effect ends some time after the last dose (not a history such as chemotherapy or a stroke). */
const PASSING_MEDICINE =
  /^(accutane|isotretinoin|antibiotics|steroids|prednisone|blood thinners?|anticoagula\w*|warfarin|coumadin|eliquis|xarelto|plavix|aspirin|baby aspirin|ibuprofen daily|antidepressants?|ssris?|anticoagulantes)$/;

/** A medicine the writer stopped long ago ('stopped accutane two years ago', 'finished mine like 2 yrs ago'). */
const stoppedLongAgo = (folded: string, match: RegExpExecArray) =>
  PASSING_MEDICINE.test(match[0]) &&
  LONG_PAST.test(folded) &&
  /\b(stopped|finished|quit|done with|came off|off|no longer (on|taking)|used to (take|be on)|deje|termine|parei|terminei)\b/.test(
    folded.slice(Math.max(0, match.index - 40), match.index + match[0].length + 40),
  ) &&
  !/\b(still|currently|now on|again|todavia|ainda)\b/.test(folded);

/** Someone who treats the writer (or the patient written for). */
const CLINICIAN = String.raw`(doctor|doc|dr|physician|pcp|gp|primary care|surgeon|dentist|oncologist|cardiologist|dermatologist|derm|gyn(a)?ecologist|obgyn|ob-?gyn|endocrinologist|rheumatologist|hematologist|neurologist|nephrologist|specialist|medic[oa]|doctora|cardiolog[oa]|oncolog[oa]|ginecolog[oa]|dermatolog[oa]|dentista|cirujan[oa]|cirurgia[ao]|endocrinolog[oa]|especialista|cardiologista|oncologista|ginecologista|dermatologista|endocrinologista)`;
/** …who has said the condition or the medicine is no bar: cleared, approved, fine, nothing special needed. */
const CLEARED_BY_CLINICIAN = new RegExp(
  String.raw`\b${CLINICIAN}( \w+){0,3} (has |have |had |already |just |also )*((cleared|approved|okayed|ok'?d|signed off on) (me|him|her|us|it|this|that|the \w+|\w+ for)|signed off|gave (me|him|her|us) (the )?(ok|okay|all clear|go-?ahead|green light)|(says|said|told (me|him|her|us)|thinks|confirmed)( that)?( \w+){0,6} (fine|ok|okay|safe|no problem|not a problem|good to go|nothing special)|(me|le|nos) (dio|ha dado) (el )?(visto bueno|permiso|ok)|(me|le|nos) autorizo|dice que( \w+){0,5} (esta bien|no hay problema|puedo|puede|es seguro)|(me |o |a |nos )?(liberou|autorizou)|disse que( \w+){0,5} (pode|posso|esta tudo bem|nao tem problema|e seguro))\b`,
);
/** After the clearance, a turn: 'my doctor said it was fine but now …'. */
const CLEARANCE_TURNS =
  /\b(but|however|pero|mas|porem|still|todavia|ainda|worse|peor|pior|now|ahora|agora)\b/;

/**
 * A condition or a medicine the writer's clinician has cleared, in its sentence or the next ('I'm on HRT, but my
 * gynecologist has said lasers are fine', 'on blood thinners. My cardiologist says a cleaning is fine'): told so the
 * practice knows, not a question for a clinician — unless the message turns after the clearance.
 */
function clearedByClinician(folded: string, match: RegExpExecArray): boolean {
  const { from, sentence } = sentenceAt(folded, match.index);
  const rest = folded.slice(from + sentence.length).replace(/^[.!?\n\s]+/, '');
  const next = rest.slice(0, rest.search(/[.!?\n]|$/));
  return [sentence, next].some((part) => {
    const cleared = CLEARED_BY_CLINICIAN.exec(part);
    return cleared !== null && !CLEARANCE_TURNS.test(part.slice(cleared.index + cleared[0].length));
  });
}

/**
 * An illness of the past the writer says is over, in the sentence that names it: 'had covid last month, fully
 * recovered now', 'a heart attack five years ago, he's doing great now', 'hace años tuve una alergia … ya se me quitó
 * por completo'. Not a condition that lasts (diabetes, a medicine taken now): the words of being over must follow a
 * past tense.
 */
const RECOVERED =
  /\b(fully recovered|recovered (fully|completely)|completely recovered|(made|make|making|had|a) (a )?(full|complete|total) recovery|all clear (since|ever since|for \w+ years)|clear (every year|ever) since|clear for (\w+|\d+) (years?|yrs?)( now)?|(beat|beaten|survived|kicked) (\w+ )?(cancer|it)|(cancer|breast cancer) survivor|in remission|cured|curad[oa]s?|(vencio|vencio el|supero|supero el|venceu|venceu o|superou|superou o|superei|superei o) (\w+ )?cancer|en remision|em remissao|(cancer|tumou?r)[- ]free|(signed|signs) off on (everything|it all|me|him|her)|cleared (me|him|her) (for everything|completely|fully)|(in )?the best shape of (my|his|her) life|(me|le|nos|les) dieron (de )?(el )?alta|(recebi|recebeu|tive|teve) alta|(dado|dada) de alta|(doing|feeling) (great|fine|good|well) now|(totally|completely|perfectly|all) (fine|healed|clear) now|healed completely|all clear|(fully |completely )?resolved|se me quito( por completo)?|ya estoy bien|me recupere|ja me recuperei|ja estou bem|ja passou|(it |it'?s |its |has |have |all )cleared up|(it'?s|its|it is|it was|i'?m|im|i am|i feel|feeling|i was|all) (all |much |a lot )?better now|got over (it|that|the \w+)|ya (me )?(cure|sane|estoy (mejor|sana|sano))|ja (estou )?(melhor|curad[oa]|sarei)|all fixed( up)?( then| now| since)?|long gone|(went|gone|go|cleared up|healed( up)?) (away )?(on its own|by itself)|(ya )?sano hace (mucho|tiempo|anos|\w+ anos)|ya sano|(gracias a dios|por suerte|ahora) (esta|estoy) (sana|sano|bien)|(ja )?sarou (ha|faz) (muito|tempo|anos)|healed (up )?(completely |fully )?(years|months|long) ago)\b/;
const TOLD_IN_PAST =
  /\b(had|got|was|were|tuve|tuvo|tive|teve|hace \w+|(years?|yrs?) ago|ha \w+ anos|last (month|year)|in (19|20)\d\d)\b/;
/** Words of being over that tell the past themselves: 'a survivor', 'in remission', 'cancer-free'. */
const OVER_BY_ITS_WORD = /(survivor|remission|remision|remissao|-free|free)$/;
/** 'im 100% now', 'back to 100 percent'. */
const RECOVERED_PERCENT =
  /\b(i'?m|im|i am|feel|feeling|back to|estoy|estou|me siento) (back to |al |a )?100 ?(%|percent|por ?ciento|por ?cento)/;
/** Right before the words of being over, a negation: 'not cured', 'never in remission', 'no estoy curada'. */
const NOT_OVER =
  /\b(not|never|no|nao|isn'?t|wasn'?t|hasn'?t|haven'?t|hadn'?t|didn'?t|nunca|ainda nao|todavia no|aun no)( (yet|fully|completely|really|estoy|esta|estou|ha sido|fui|foi))? $/;
function recoveredFrom(folded: string, match: RegExpExecArray): boolean {
  const { from, sentence } = sentenceAt(folded, match.index);
  const recovered = RECOVERED.exec(sentence) ?? RECOVERED_PERCENT.exec(sentence);
  if (recovered && NOT_OVER.test(sentence.slice(0, recovered.index))) return false;
  // 'still' up to the words of being over ('still coughing, but fine now'), not after ('… can I still come?'); back
  // again anywhere ('fully recovered, but it came back').
  return (
    recovered !== null &&
    (TOLD_IN_PAST.test(sentence) || OVER_BY_ITS_WORD.test(recovered[0])) &&
    // '… made a full recovery, but since yesterday I'm slurring': a sign told after the recovery, turned to now.
    !(
      match.index - from > recovered.index &&
      /\b(but|now|since|today|yesterday|lately|this (week|morning)|except|apart from|other than|pero|ahora|desde|hoy|ayer|excepto|menos|mas|agora|hoje|ontem|exceto)\b/.test(
        sentence.slice(recovered.index + recovered[0].length, match.index - from),
      )
    ) &&
    !/\b(still|todavia|ainda)\b/.test(sentence.slice(0, recovered.index + recovered[0].length)) &&
    !/\b(again|came back|coming back|de nuevo|de novo|otra vez|volvio|voltou)\b/.test(sentence)
  );
}

// --- whom a finding is about ------------------------------------------------------------------------------

/**
 * Someone close to the writer named as a sentence's subject ('my daughter', 'mi hermana', 'minha esposa'), the
 * possessive or 'is' written without its apostrophe too ('my wifes pregnant').
 */
const SOMEONE_CLOSE =
  /\b((a|one) (friend|coworker|co-worker|colleague|neighbou?r|cousin|buddy|girlfriend) of (mine|ours)|(una|un) (amig[oa]|companer[oa]|vecin[oa]) mi[oa]|(uma|um) (amig[oa]|colega|vizinh[oa]) (minha|meu)|(my|our|mi|mis|nuestr[oa]s?|meu|minha|meus|minhas|nosso|nossa)\s+((little|older|younger|oldest|youngest|best|baby|pregnant|late|deceased|former|difunt[oa]|fallecid[oa]|falecid[oa]|\d+ ?(year|yr)s? ?old|menor|mayor|mais (novo|nova|velho|velha))\s+|ex-?\s*)?(daughters?|sons?|kids?|child|children|boy|girl|mom|mother|mum|mommy|dad|father|husband|wife|partner|fiance|fiancee|boyfriend|girlfriend|sisters?|brothers?|friends?|bff|cousin|aunt|uncle|niece|nephew|grandma|grandmother|grandpa|grandfather|coworker|co-worker|colleague|boss|neighbou?r|roommate|hij[oa]s?|nin[oa]s?|mama|madre|papa|padre|espos[oa]|marido|herman[oa]s?|amig[oa]s?|prim[oa]|abuel[oa]|tia|tio|sobrin[oa]|novi[oa]|pareja|filh[oa]s?|mae|pai|irma|irmao|namorad[oa]|avo|(sister|brother|mother|father|daughter|son)[- ]in[- ]law|in-?laws|cunad[oa]|cunhad[oa]|suegr[oa]|sogr[oa]))s?\b/g;
/** The writer as the subject again ('… and I', 'my face', 'tengo', 'eu estou'). */
const THE_WRITER = /\b(i|i'?m|im|i'?ve|myself|my|yo|tengo|estoy|eu|estou|tenho)\b/;

/**
 * Whether the words matched are said of someone close to the writer rather than of the writer: that person is
 * the subject of the sentence before them, and the writer does not come back in between ('my daughter has a
 * fever', 'mi hermana está embarazada'; not 'my sister says I look swollen').
 */
function saidOfSomeoneElse(folded: string, match: RegExpExecArray): boolean {
  return someoneElseTold(folded, match) !== null;
}

/** A person no longer living ('my late husband', 'mi difunta madre'): their illness is the writer's history. */
const NO_LONGER_LIVING = /\b(late|deceased|difunt[oa]|fallecid[oa]|falecid[oa])\b/;

/** `saidOfSomeoneElse`, with the words that name that person, or null. */
function someoneElseTold(folded: string, match: RegExpExecArray): string | null {
  const end = match.index + match[0].length;
  // The words may describe the person ('my pregnant friend told me about you', 'my late husband').
  const around = folded.slice(Math.max(0, match.index - 30), end + 30);
  const offset = Math.max(0, match.index - 30);
  for (const person of around.matchAll(SOMEONE_CLOSE)) {
    const from = offset + (person.index ?? 0);
    if (from <= match.index && from + person[0].length >= end) return person[0];
  }
  const before = folded.slice(Math.max(0, match.index - 100), end);
  const sentence = before.slice(before.search(/[^.!?\n]*$/));
  const wordsStart = sentence.length - match[0].length;
  let last: RegExpExecArray | null = null;
  for (const found of sentence.matchAll(SOMEONE_CLOSE)) last = found;
  if (!last) return null;
  // The words themselves may name the person ('wife is expecting').
  const between = sentence.slice(Math.min((last.index ?? 0) + last[0].length, wordsStart), wordsStart);
  if (THE_WRITER.test(between)) return null;
  // '… and I do too', 'both of us': the writer shares it.
  const after = folded.slice(end, end + 60).split(/[.!?\n]/)[0];
  return /\b(too|also|as well|both|tambien|tambem|ambos|ambas|los dos|as duas|os dois)\b/.test(after)
    ? null
    : last[0];
}

/**
 * A fact of the whole text, worked out once per text (findEscalations reads one text at a time and passes the same
 * string to every rule): a rule asking it at each of a long message's matches stays linear in the message.
 */
function oncePerText<T>(fact: (folded: string) => T): (folded: string) => T {
  let text: string | null = null;
  let value: T;
  return (folded) => {
    if (folded !== text) {
      value = fact(folded);
      text = folded;
    }
    return value;
  };
}

/** How often or how commonly something happens, asked ('does that happen a lot?', '¿eso pasa mucho?'). */
const HOW_OFTEN =
  /\b((does|do|can|could|will|would) (that|this|it|they) (usually |really |often )?(happen|occur)|(is|are) (that|this|it|they) (common|normal|rare|usual|typical)|how (common|often|likely|rare|frequent)|(eso|esto) (pasa|sucede|ocurre)|(pasa|sucede|ocurre) (mucho|seguido|a menudo|con frecuencia)|que tan (comun|frecuente)|(isso|isto) (acontece|e comum)|acontece (muito|com frequencia))\b/;

/** A message that moves or cancels an appointment. */
const CHANGES_APPOINTMENT =
  /\b(move|moving|reschedule|rescheduling|cancel|cancell?ing|push|postpone|another (day|time)|(can'?t|cannot|won'?t|not able to|unable to) make (it|my|the|our|this|today|tomorrow)|cambiar|mover|cancelar|cancelen|reprogramar|posponer|remarcar|desmarcar|adiar|passar para)\b/;

/** A relative asked for by name ('for my mother', 'para mi hija'). */
const FOR_A_RELATIVE = String.raw`(?:for|para|pra) (?:my|mi|mis|minha|meu|minhas|meus) (?:\w+ )?(sisters?|wife|mom|mother|daughters?|sons?|kids?|child|children|friend|cousin|niece|nephew|herman[oa]s?|esposa|mama|madre|hij[oa]s?|amiga|prim[oa]|sobrin[oa]|irma|mae|filh[oa]s?)(?!'s)`;
/** The writer asking about treatment for the other person (a relative named, 'can she get botox', 'for her'). */
const FOR_THEM_BESIDES_A_NAME_WORDS = String.raw`(can|could|may|should) (she|he)|(she|he|and) (wants?|would like|is looking|needs?|is interested)|for (her|him)|(she|he|and|y|e|ella|ela|ele) (quiere|quer|necesita|precisa|busca|le gustaria|gostaria)|(book|schedule|bring|take) (her|him)|(her|him) (to get|to have|to come|in for)|(agendar|traer|llevar|marcar)(la|le|lo)|para ella|pra ela|para ela`;
const FOR_THEM_BESIDES_A_NAME = new RegExp(String.raw`\b(${FOR_THEM_BESIDES_A_NAME_WORDS})\b`);
const FOR_THEM = new RegExp(String.raw`\b(?:${FOR_A_RELATIVE}|${FOR_THEM_BESIDES_A_NAME_WORDS})\b`);
/** Every relative asked for by name in a text. */
const FOR_A_RELATIVE_ALL = new RegExp(String.raw`\b${FOR_A_RELATIVE}\b`, 'g');
/**
 * Words that ask about someone only when the writer asks nothing for themselves: 'safe', '¿puede?', 'quiere' (Spanish
 * and Portuguese drop the subject: 'mi hermana está embarazada, ¿puede hacerse botox?').
 */
const FOR_THEM_UNSAID =
  /\b(?<!\b(no|nao|not|can'?t) )(?<!\bkeep (\w+ )?)(safe|puede|podria|quiere|necesita|seguro|segura|pode|quer|precisa)\b/;
/** The writer asking for themselves: 'I want', 'for me', 'quiero verme bien', 'quero marcar', 'para mim'. */
const FOR_THE_WRITER =
  /\b((i (want|would like|need|am looking|am interested|am thinking|wanna|was hoping)|i'?d (like|love)|i'?m (looking|interested|thinking|hoping|trying))(?! (to )?(know|ask|check|find out|see if|confirm|her|him|them|my (daughter|son|kid|child))\b)|for (me|myself)\b|(quiero|quisiera|me gustaria|necesito|busco) (?!(saber|preguntar|averiguar|confirmar|que)\b)|(me interesa|me interesan|estoy interesad[oa] en|tenho interesse em|me interessa|estou interessad[oa] em) (?!(saber|que)\b)|para mi(?= *($|[.!?,;]))|(quero|gostaria|preciso) (?!(saber|perguntar|confirmar|que)\b)|(para|pra) mim\b|(i'?ll|i will|i'?m) (go(ing)?|come|coming) (alone|by myself|on my own)|(voy|ire|vou|irei)( yo| eu)? (sol[oa]|sozinh[oa])\b|\b(do|get|have|book) mine\b)/;
export const writerAsksForSelf = oncePerText((folded) => FOR_THE_WRITER.test(folded));

/**
 * Someone else's illness or pregnancy is not the writer's (LABELS: 'my daughter is sick, reschedule'): an illness
 * told to move or cancel an appointment, with no treatment behind it; a pregnancy told beside the writer's own
 * request, not one for the pregnant person.
 */
function aboutSomeoneElse(reason: EscalationReason, folded: string, match: RegExpExecArray): boolean {
  if (reason !== 'medical_concern' && reason !== 'pregnancy' && reason !== 'post_treatment_symptoms')
    return false;
  const who = someoneElseTold(folded, match);
  if (who === null) return false;
  // The illness of someone no longer living is the writer's family history ('my late husband bruised easily').
  if (MEDICAL_READINGS.includes(reason) && NO_LONGER_LIVING.test(who)) return true;
  // A relative's or a friend's story, then how often it happens or how it is prevented: a question in general, not
  // a report.
  if (
    MEDICAL_READINGS.includes(reason) &&
    (HOW_OFTEN.test(folded) || HOW_PREVENTED.test(folded)) &&
    !asksForThem(folded)
  )
    return true;
  if (reason === 'post_treatment_symptoms') return false;
  // 'my husband's down with the flu but I feel totally fine': the writer says they are well.
  if (reason === 'medical_concern' && WRITER_WELL.test(folded)) return true;
  // An illness told to move an appointment, or of someone who only comes along ('my dad had a stroke, could I
  // bring him along to my consult?').
  if (reason === 'medical_concern') return changesAppointmentUntreated(folded) || onlyComesAlong(folded);
  return !asksForThePerson(folded, who) || onlyComesAlong(folded);
}

/** The writer saying they are well ('I feel totally fine', 'I'm not sick', 'yo estoy bien', 'eu estou bem'). */
const WRITER_WELL =
  /\b(i (feel|am|'m|m)( totally| perfectly| completely| absolutely| 100%)? (fine|ok|okay|good|great|healthy|well)|(i'?m|im|i am) not (sick|ill)|i have no symptoms|(yo )?(me siento|estoy) (bien|perfect[oa]|san[oa])|(eu )?(me sinto|estou) (bem|otim[oa]))\b/;

/** How a complication is prevented, asked ('what do you do to prevent that?', '¿cómo lo evitan?'). */
const HOW_PREVENTED =
  /\b((how|what) do (you|u|y'?all|you guys|your (team|surgeons?|doctors?|office|clinic)) (do to )?keep (patients|people|clients|everyone|them|us|me) safe|(what|which) (safety )?(precautions|protocols?|safety measures|safety steps) (do|does|are|will)|(what|how) (do|can|will|would) (you|u|y'?all|you guys|your (team|surgeon|doctor|office)) (do )?(to )?(prevent|avoid|lower|reduce|minimi[sz]e)|(to|help) prevent (that|this|it|them|clots?|infections?)|(como|que hacen para|que hacen pa) (lo |la |los |las )?(evitan|previenen|evitar|prevenir)|(como|o que) (voces|vcs) (fazem )?(para |pra )?(evitar|prevenir|evitam|previnem))\b/;
/** Someone who comes along with the writer ('wants to come with me for moral support', 'me acompaña'). */
const COMES_ALONG =
  /\b(come (in )?(with|along with) me|come along|tag along|sit (in|with me|in the room)|moral support|keep me company|accompany me|bring (him|her|them) (along|with me)|(just )?wait in the (lobby|waiting (room|area)|car)|acompanarme|me (acompana|acompanara|va a acompanar)|(traer|llevar)(lo|la|los|las) conmigo|esperar(a|an)? en la (sala|recepcion)|vir comigo|me acompanhar|(trazer|levar) (ele|ela) comigo|esperar na (sala|recepcao)|(ir|venir) conmigo)\b/;
/** …and is treated too ('can she get one too?', 'book her a facial as well'). */
const TREATED_TOO =
  /\b((can|could|may) (she|he) (get|have|do|try|book)|(book|schedule) (her|him)|for (her|him)|(she|he) (wants?|would like|needs?) (to )?(get|have|do|try|book)|(too|as well)\?)/;
const onlyComesAlong = oncePerText((folded) => COMES_ALONG.test(folded) && !TREATED_TOO.test(folded));
const changesAppointmentUntreated = oncePerText(
  (folded) => CHANGES_APPOINTMENT.test(folded) && !post(folded),
);
const asksForThem = oncePerText(
  (folded) => FOR_THEM.test(folded) || (FOR_THEM_UNSAID.test(folded) && !writerAsksForSelf(folded)),
);

/** Names of one relation in the product's languages, so that 'my mom' and 'para mi madre' are one person. */
const KIN: readonly RegExp[] = [
  /^(mom|mother|mum|mommy|mama|madre|mae)$/,
  /^(dad|father|papa|padre|pai)$/,
  /^(daughters?|sons?|kids?|child|children|boy|girl|hij[oa]s?|nin[oa]s?|filh[oa]s?)$/,
  /^(sisters?|herman[oa]s?|irma|irmao|brothers?)$/,
  /^(wife|husband|partner|espos[oa]|marido|pareja)$/,
  /^(friends?|amig[oa]s?)$/,
  /^(cousin|prim[oa])$/,
  /^(niece|nephew|sobrin[oa])$/,
];
/**
 * Whether the writer asks treatment for the person the words are about: a request for a relative named otherwise
 * ('my daughter is pregnant, so she's not coming; an appointment for my mother and me') is for someone else.
 */
function asksForThePerson(folded: string, who: string): boolean {
  if (!asksForThem(folded)) return false;
  if (FOR_THEM_BESIDES_A_NAME.test(folded) || (FOR_THEM_UNSAID.test(folded) && !writerAsksForSelf(folded)))
    return true;
  const named = [...folded.matchAll(FOR_A_RELATIVE_ALL)];
  const group = (word: string) => KIN.findIndex((kin) => kin.test(word));
  const theirs = group(who.split(/\s+/).pop() ?? '');
  return named.some((match) => theirs < 0 || group(match[1]) < 0 || group(match[1]) === theirs);
}

/**
 * How many of a rule's matches may be set aside as someone else's: past them the rule's finding stands (a message
 * that many times about someone else is read by a person, and the rules' cost stays linear in its length).
 */
const SOMEONE_ELSE_AT_MOST = 8;

/** A question asked beside a treatment or a surgery named. */
const asksAboutATreatment = oncePerText(
  (folded) => /\?/.test(folded) && (TREATMENT.test(folded) || surgeryNamed),
);

// --- a concern about a past treatment -----------------------------------------------------------------

const SIGN_OR_CONCERN = new RegExp(String.raw`(?<![\p{L}])(?:${SIGN}|${CONCERN})(?![\p{L}])`, 'u');
const SIGN_WORD = new RegExp(String.raw`(?<![\p{L}])${SIGN}(?![\p{L}])`, 'u');
const BODY_WORD = new RegExp(String.raw`(?<![\p{L}])${BODY_PART}(?![\p{L}])`, 'u');

/**
 * Whether a message names a part of the body, a sign or a worry about one ('my lip went white', 'me duele'): what
 * the learned reader's medical reading of an opt-out must stand on to keep it from silencing the message.
 */
export function namesTheBody(text: string): boolean {
  const folded = respell(foldKeepingPositions(text)).text;
  return SIGN_OR_CONCERN.test(folded) || BODY_WORD.test(folded);
}
const PAST_WORDS = new RegExp(PAST_TREATMENT);
const TREATMENT_WORDS = new RegExp(String.raw`(?<![\p{L}])${TREATMENT_WORD}(?![\p{L}])`, 'u');
const EXPECTING = new RegExp(String.raw`(?<![\p{L}])${EXPECTATION_WORDS}(?![\p{L}])`, 'u');
/** Signs that say something only about a body part ('white', 'hard', 'dark'): 'white teeth' is a wish. */
const AMBIGUOUS_SIGN =
  /^(red(der|dish)?|purple|purplish|blue|bluish|grey|gray|greyish|white|whitish|pale|dark(er)?|brown|black|yellow(ish)?|green(ish)?|patch(es|y)|streaks?|tint|marks|spots|hot|warm|raw|shiny|tight|hard|firm(er)?|cracked|peeling|heavy|pressure|pea|marble|ridges?|sensitive|sensitivity|blood|fluid|smells?|pimples?|bumps?|bumpy|blanc[oa]s?|oscur[oa]s?|manchas?|amarill[oa]s?|verdes?|calientes?|dur[oa]s?|sensibles?|sensibilidad|liquido|sangre|granos?|roj[oa]s?|palid[oa]s?|azul|mas (abajo|arriba)|caid[oa]s?)$/;
/**
 * Marks of the sun or of age ('thirty years of sun, brown spots on my hands', 'manchas del sol', 'sardas'), with no
 * treatment behind them: what a laser or a peel is asked for, not a reaction.
 */
const SUN_MARKS =
  /\b(sun|sunburns?|tanning|tanned|age spots?|liver spots?|sun ?spots?|sun damage|sun-damaged|freckles?|melasma|del sol|de sol|al sol|do sol|ao sol|manchas solares|pecas|sardas)\b/;
const MARK_WORD =
  /^(brown|dark(er)?|spots|patch(es|y)|marks|manchas?|manchad[oa]s?|dark spots?|discolou?r\w*|hyperpigment\w*)$/;
const marksOfTheSun = oncePerText((folded) => SUN_MARKS.test(folded) && !AFTER_TREATMENT.test(folded));
/** A treatment long ago: an old result described, not a reaction to a recent treatment. */
const LONG_AGO =
  /\b(years? ago|last year|a year ago|as a (kid|teen|teenager)|when i was (a |younger|\d)|in high school|in college|hace (anos|mucho|un ano)|el ano pasado)\b/;

/**
 * The writer tells the sign as what they were told to expect ('peeling like they said', 'swollen just as the nurse
 * explained', 'hinchada como me dijeron', 'descamando como falaram'): expected recovery, in a sentence that neither
 * turns ('… but now it's hot') nor names it severe.
 */
const TOLD_TO_EXPECT =
  /\b((like|as|just like|just as|exactly like|exactly as) (they|you|u|you guys|y'?all|she|he|the (doctor|dr|nurse|surgeon|injector|dentist|staff|team)|my (doctor|dr|nurse|surgeon|injector|dentist)|dr \w+) (said|told me|told us|mentioned|warned( me| us)?|explained|described|predicted)( (it|i|it would|i would|would))?|as (expected|predicted|planned)|como (me |nos )?(dijeron|dijo|explicaron|explico|avisaron|aviso|advirtieron|advirtio)|como (me |nos )?(disseram|disse|falaram|falou|avisaram|avisou|explicaram|explicou)|(tal )?(como|conforme) (era )?(esperado|previsto))\b/;
const TURNS = /\b(but|however|now|still|worse|pero|ahora|todavia|aun|mas|agora|ainda|porem)\b/;
function toldToExpect(folded: string, match: RegExpExecArray): boolean {
  const { sentence } = sentenceAt(folded, match.index);
  return TOLD_TO_EXPECT.test(sentence) && !TURNS.test(sentence) && !SEVERE.test(sentence);
}

/** A treatment named and done in the past, or a time since one ('3 days post-op', 'since my filler'). */
function treatmentInPast(folded: string): boolean {
  if (AFTER_TREATMENT.test(folded)) return true;
  return (
    (treatmentNamed || TREATMENT_WORDS.test(folded)) && (WHEN_DONE.test(folded) || PAST_WORDS.test(folded))
  );
}

/**
 * A sign or a worry about the body after a treatment in the past: 'my under eye filler from 2 weeks ago has a
 * bluish tint', 'the whitening you did saturday left my gums white and sore', 'me puse relleno el lunes y se ve
 * raro'. Colour, temperature and texture words count beside a part of the body; vague words ('weird', 'doesn't
 * look right', 'is that normal') beside a part of the body or a sign. Questions about what to expect before a
 * treatment, a worry about pain to come and a reassurance ('no pain at all') do not count.
 */
function concernAfterTreatment(folded: string, match: RegExpExecArray): boolean {
  if (!treatmentInPast(folded)) return false;
  if (idiom(folded, match) || askedInGeneral(folded, match) || namesAThing(folded, match)) return false;
  const word = match[0];
  const start = Math.max(0, match.index - 90);
  const around = folded.slice(start, match.index + word.length + 90);
  if (askedAhead(folded, around)) return false;
  if (MARK_WORD.test(word) && marksOfTheSun(folded)) return false;
  const isSign = SIGN_WORD.test(word) && new RegExp(String.raw`^${SIGN}$`).test(word);
  if (isSign && worried(folded, match.index)) return false;
  if (
    EXPECTING.test(around) &&
    !AFTER_TREATMENT.test(around) &&
    !/\b(still|now|since|todavia|sigue)\b/.test(around)
  )
    return false;
  if (REASSURED.test(folded) && !/\?/.test(folded) && !SEVERE.test(around)) return false;
  if (toldToExpect(folded, match)) return false;
  if (longstanding(around) || recoveredFrom(folded, match)) return false;
  if (askedHowLong(folded, match, around)) return false;
  const body = BODY_WORD.test(around);
  if (isSign) {
    const ambiguous = AMBIGUOUS_SIGN.test(word);
    if (LONG_AGO.test(folded) && (ambiguous || !body)) return false;
    if (ambiguous) return body || /\b(it|its|it's|they|area|spot|site|zona|area)\b/.test(around);
    // A telegraphic report ('heart racing since the vitamin drip') names no person but ties the sign to the
    // treatment.
    return body || REPORTED.test(around) || /\b(since|ever since|desde)\b/.test(around);
  }
  // A worry or a vague change: about the body or beside a sign.
  if (LONG_AGO.test(folded)) return false;
  const rest =
    folded.slice(0, match.index) + ' '.repeat(word.length) + folded.slice(match.index + word.length);
  if (body) return true;
  const window = rest.slice(start, match.index + word.length + 90);
  const signs = new RegExp(SIGN_WORD.source, 'gu');
  for (let sign = signs.exec(window); sign; sign = signs.exec(window)) {
    if (!isNegated(folded, start + sign.index)) return true;
  }
  return false;
}

/**
 * A sign word naming something else ('blood thinners', 'blood work', 'análisis de sangre', 'exames de sangue'):
 * not a sign.
 */
const namesAThing = (folded: string, match: RegExpExecArray) =>
  // 'después del peeling', 'o peeling químico': the treatment's own name, not skin peeling.
  (/^peeling$/.test(match[0]) &&
    (/\b(el|del|un|al|o|do|um|no|the|a|my|this|that|chemical|quimico)\s+$/.test(
      folded.slice(Math.max(0, match.index - 10), match.index),
    ) ||
      /^\s*(quimico|chemical)\b/.test(
        folded.slice(match.index + match[0].length, match.index + match[0].length + 10),
      ))) ||
  // 'any spots left Friday?', 'two spots open': places in the calendar, not on the skin.
  (/^spots$/.test(match[0]) &&
    (/^\s*(left|open|available|free|this|next|on|at|for|in|tomorrow|today)\b/.test(
      folded.slice(match.index + match[0].length, match.index + match[0].length + 12),
    ) ||
      /\b(any|open|available|free|two|three|few|couple( of)?|\d+)\s+((\w+ )?(botox|filler|appointment|consult\w*|facial|laser)\s+)?$/.test(
        folded.slice(Math.max(0, match.index - 30), match.index),
      ))) ||
  (/^blood$/.test(match[0]) &&
    /^\s*(thinners?|pressure|work|tests?|sugar|type|draws?|panel|donation|bank|orange)\b/.test(
      folded.slice(match.index + match[0].length, match.index + match[0].length + 14),
    )) ||
  (/^(sangre|sangue)$/.test(match[0]) &&
    /\b(analisis|examen|examenes|exame|exames|prueba|pruebas|teste|testes|donar|doar) de\s*$/.test(
      folded.slice(Math.max(0, match.index - 14), match.index),
    )) ||
  // 'how yellow my teeth look', 'teeth are still yellowish', 'dientes amarillos': the colour whitening is for.
  (TOOTH_COLOUR.test(match[0]) &&
    TEETH_NEAR.test(folded.slice(Math.max(0, match.index - 25), match.index + 40))) ||
  // 'veneers way too white for my face', 'coronas muy blancas': the shade of teeth or dental work, not blanched skin
  // (white gums are a sign).
  (/^(white|whiter|blanc[oa]s?|branc[oa]s?)$/.test(match[0]) &&
    shadeOfDentalWork(sentenceAt(folded, match.index).sentence)) ||
  // 'cash is tight', 'the schedule is tight': money or time, not the body.
  (/(hard|firm|tight)$/.test(match[0]) &&
    TIGHT_THING.test(folded.slice(Math.max(0, match.index - 40), match.index + match[0].length))) ||
  // 'old burn scars', 'cicatrices de quemaduras': the kind of a scar (healed), not a burn now.
  (/^(burn|burns|burned|burnt|quemad|quemadura|queimadura)/.test(match[0]) &&
    (/^\s*(scars?|scarring|marks?)\b/.test(
      folded.slice(match.index + match[0].length, match.index + match[0].length + 10),
    ) ||
      /\b(cicatri\w*|marcas?) de\s*$/.test(folded.slice(Math.max(0, match.index - 16), match.index)))) ||
  // 'a meeting that I can't move', 'una reunión que no puedo mover': a thing that cannot be moved, not a body part.
  (/(move|mover)$/.test(match[0]) &&
    /\b(que|that|which)( i| yo| eu)?\s*$/.test(folded.slice(Math.max(0, match.index - 12), match.index)));

const TOOTH_COLOUR = /^(yellow\w*|stain\w*|dull|dingy|amarill\w*|amarel\w*|manchad[oa]s?)$/;
const TEETH_NEAR = /\b(teeth|tooth|smile|enamel|dientes|dentes|sonrisa|sorriso)\b/;
const DENTAL_WORK_NEAR =
  /\b(teeth|tooth|veneers?|crowns?|implants? (teeth|tooth)|dentures?|smile|dientes|dentes|carillas?|coronas?|facetas?|lentes de contato|sonrisa|sorriso)\b/;
/** A sentence of teeth or dental work that names no gums, lips or skin: its white is a shade. */
const shadeOfDentalWork = (sentence: string) =>
  DENTAL_WORK_NEAR.test(sentence) &&
  !/\b(gums?|encias?|gengivas?|lips?|labios?|skin|piel|pele)\b/.test(sentence);
/** Money or time said to be tight, up to the word ('cash is tight', 'money's been so tight'). */
const TIGHT_THING = new RegExp(String.raw`\b${MONEY_OR_TIME}( \S+){1,4}$`);

/** A question about what happens in general ('how long does the swelling last', '¿cuánto dura la hinchazón?'). */
const GENERIC_QUESTION =
  /\b(how long (does|do|will|should|would)|how many days (does|do|will|is|are)|cuanto (tiempo )?(dura|duran|tarda|tardan)|(cuanto tiempo|cuantos dias) (se )?(queda|quedan|esta|estan|sigue|siguen|se ve|dura|duran|tarda|inflama|hincha)|quanto tempo (dura|duram|demora|demoram|leva)|(quanto tempo|quantos dias) (fica|ficam|vai ficar|permanece|dura|duram|demora|incha)|quanto (dura|duram|demora|demoram))\b/;

/**
 * How long a sign lasts, asked in general ('how long does the swelling last?'): no 'still' or 'now' near the sign
 * and no 'my' or 'tengo' in its own sentence, which make it a report ('how long does my swelling last', 'I still
 * have some'); 'tengo' after the question is something else ('¿cuánto dura? tengo una boda').
 */
function askedHowLong(folded: string, match: RegExpExecArray, around: string): boolean {
  return (
    GENERIC_QUESTION.test(around) &&
    !/\b(still|todavia|sigue|now|ahora)\b/.test(around) &&
    !/\b(my|mi|tengo)\b/.test(sentenceAt(folded, match.index).sentence)
  );
}

/** An injury long past ('chipped it a while ago', 'hace años'). */
const OLD_INJURY =
  /\b(a while (ago|back)|(years|months|a year|a long time) ago|last (year|month)|long ago|as a (kid|child|teen)|hace (tiempo|anos|meses|mucho)|el ano pasado)\b/;

/** Pain, blood or sensitivity the writer has now: a word of it that is not negated ('no pain' is not). */
function hurtsNowIn(folded: string): boolean {
  const words =
    /\b(pain\w*|hurts?|hurting|aches?|aching|dolor\w*|duele\w*|blood|bleed\w*|sangr\w*|sensitiv\w*|throb\w*)/g;
  for (let match = words.exec(folded); match; match = words.exec(folded)) {
    if (!isNegated(folded, match.index)) return true;
  }
  return false;
}

/** Asking to be seen now. */
const URGENT_CARE =
  /\b(can'?t sleep|cannot sleep|emergenc\w*|urgent\w*|asap|right away|today|now|hoy|urgencia)\b/;
/** A symptom that has lasted a while: needs a clinician, not this hour. */
const CHRONIC =
  /\b(every time|sometimes|occasionally|now and then|when i (floss|brush|eat)|a veces|for (a few|several|many|\d+|two|three) (weeks|months|years)|been like this|(a few|several|\d+) (weeks|months) now|on and off|for a while|hace (semanas|meses)|desde hace (semanas|meses))\b/;

/**
 * A feeling about one's own body ('not happy with my wrinkles', 'frustrated with my acne scars') or a shape one was
 * born with ('my lips are naturally uneven, can filler fix that?'): a wish for a treatment, not a grievance — unless
 * a treatment was done ('not happy with how my lips turned out').
 */
const FEELING =
  /^(frustrat\w*|unhappy|not happy|very upset|so upset|really upset|i'?m upset|im upset|disappoint\w*|dissatisfied|not satisfied|unsatisfied)$/;
const SHAPE = /(uneven|lopsided|asymmetr\w*|crooked|chuec[oa]s?|disparej\w*|torcid[oa]s?)$/;
const OWN_FEATURE =
  /^\W*(with|about|over|by|of|w) (my|these|this|the way my|how my) (\w+ )?(wrinkles|lines|skin|acne|scars?|chin|double chin|nose|lips?|face|body|weight|belly|stomach|tummy|teeth|smile|hair|fat|cellulite|jowls|neck|arms|thighs|breasts?|boobs|chest|spots|pores|complexion|eyes|eyelids|bags|gums|jawline|profile|butt|hips|love handles|stretch marks)\b(?! (turned|came|look(s|ed)? (now|after|worse)))/;
const BORN_WITH =
  /\b(naturally|always (been|had)|(from|after|since) (a|an|the|my|his|her|that) (\w+ )?(injury|accident|fall|fight|break|game|sports? injury)|(years|a year|months) ago|since (i was|birth|childhood)|in (my )?childhood|born with|genetic|(would|could|can|will|do) (\w+ ){0,2}(help|fix|correct|even (it|them) out)|how much (is|are|would|does|do|for)|do you (do|offer|have|treat)|what are (my|his|her|the) options|(braces|invisalign|aligners|retainers?|veneers|rhinoplasty|nose job) for|de nacimiento|desde (nina|nino|chica|chico|siempre)|(me |lo |la )?(ayudaria|ayuda|sirve|serviria|funciona|funcionaria|arregla|corrige)|se (puede|pueden|podria) (corregir|arreglar)|cuanto (cuesta|sale|cuestan))\b/;

/** What someone is fed up with that is their own chore or feature ('sick of shaving', 'fed up with my acne'). */
const OWN_CHORE =
  /^\s+(with\s+)?(shaving|waxing|plucking|threading|tweezing|wearing|hiding|covering|dieting|razors?|razor bumps|my|these|this|the way my|how my|looking at my)\b/;

function grievanceAboutSelf(folded: string, match: RegExpExecArray): boolean {
  if (treatmentInPast(folded)) return false;
  const after = folded.slice(match.index + match[0].length, match.index + match[0].length + 60);
  if (/(fed up|sick of)$/.test(match[0])) return OWN_CHORE.test(after);
  if (FEELING.test(match[0])) return OWN_FEATURE.test(after);
  // 'my teeth are kinda crooked … how long does invisalign take?': the shape a treatment is asked about for.
  if (SHAPE.test(match[0])) return BORN_WITH.test(folded) || (/\?/.test(folded) && treatmentNamed);
  return false;
}

/**
 * 'the Botox is wearing off and I look angry again', 'my angry 11s': how a face looks, the reason for a treatment,
 * not a feeling about us.
 */
function looksIt(folded: string, match: RegExpExecArray): boolean {
  if (!/^(angry|pissed|furious|frustrat\w*|unhappy|not happy)$/.test(match[0])) return false;
  const before = folded.slice(Math.max(0, match.index - 24), match.index);
  const after = folded.slice(match.index + match[0].length, match.index + match[0].length + 16);
  // 'it made me look angry' is about a result.
  if (/\b(made|left|now) (me |my face )?(look|looks|looking|seem|appear)\b/.test(before)) return false;
  return (
    /\b(look|looks|looking|looked|seem|seems|appear|appears|resting|always look)( (so|really|very|kind of|kinda|super|permanently|constantly|all the time|tired and))? $/.test(
      before,
    ) || /^ (face|look|lines|eleven|elevens|11s?|expression|frown|brow)\b/.test(after)
  );
}

/** Another practice's work, brought to us for a revision: not a complaint about us. */
const ELSEWHERE =
  /\b(not you( guys| all)?|(my )?(last|previous|old|former) (injector|doctor|dentist|surgeon|provider|clinic|med ?spa|practice|place|office)|elsewhere|another (practice|doctor|surgeon|clinic|office|injector|dentist|place|med ?spa)|different (practice|doctor|surgeon|clinic|office|injector|dentist)|somewhere else|other (clinic|practice|office|surgeon|doctor|place)|en otra (clinica|parte)|otro (doctor|cirujano|lugar))\b/;

/** The writer's own age, 18 or over ('19 yrs old', "I'm 22", 'tengo 20 años'). */
const ADULT_AGE =
  /(?:^|[^\d])(?:(?:1[89]|[2-9]\d)\s*(?:years? old|yrs? old|yo|y\/o|anos)|(?:i'?m|im|i am|tengo|age:?|aged) (?:1[89]|[2-9]\d))\b/;

/** A minor asking for aesthetic care, not a parent arranging a child's dental care, nor the age of a thing. */
/** The writer asking to be treated ('can I get', 'could I book'). */
const ASKS_TO_BE_TREATED = /\b(can|could|may|should) i (get|have|do|book|come in)\b/;
/** Someone spoken of in the third person ('she has acne scars', 'ella quiere', 'a pele dela'). */
const THIRD_PERSON = /\b(she|he|her|his|ella|ela|ele|dela|dele)\b/;
/** Ends with someone else's name in the possessive ('my cousin's', 'her niece's'). */
const SOMEONE_ELSES =
  /\b(cousin|sister|niece|nephew|daughter|son|friend|bff|neighbou?r|coworker|colleague|granddaughter|grandson|goddaughter|stepdaughter|her|his|their)'?s?\s*$/;
/** Begins with whose it is ('… de mi prima', '… da minha sobrinha', '… of my niece'). */
const OF_SOMEONE_ELSE =
  /^\s*(de|da|do|of) (mi|mis|su|sus|la|una|minha|meu|sua|uma|a|my|her|his|a) (\w+ )?(prim[oa]s?|herman[oa]s?|sobrin[oa]s?|hij[oa]s?|amig[oa]s?|niet[oa]s?|ahijad[oa]|irma|filh[oa]|afilhad[oa]|cousin|sister|niece|daughter|friend|granddaughter)\b/;

function minorAboutAesthetics(folded: string, match: RegExpExecArray): boolean {
  if (!/\d|teen|quince|dieci|catorce|trece/.test(match[0]) && ADULT_AGE.test(folded)) return false;
  // 'my implants are 15 years old' is the age of a thing.
  const before = folded.slice(Math.max(0, match.index - 30), match.index);
  if (
    /\b((implants?|crowns?|veneers?|fillings?|bridge|dentures?|braces|results?|scars?|tattoos?|it|they|these|those|them)\s+(are|is|were|was)|it'?s|they'?re|theyre|that'?s|thats)\s*(about|around|like|only|over|almost)?\s*$/.test(
      before,
    )
  ) {
    return false;
  }
  // 'hace 5 años', 'for 5 years', 'há 3 anos', 'faz 6 anos': a time, not an age.
  if (
    /^\d/.test(match[0]) &&
    /\b(hace|desde hace|hace como|hace unos|durante|por|cada|for|every|ha|faz|fazem|desde|since)( (uns|umas|unos|unas|como|cerca de|about|like|around|some|over|mais de|mas de))?\s*$/.test(
      before,
    )
  )
    return false;
  // 'o mais novo já tem 5 anos', 'my youngest is 6', 'minha filha já tem 3 anos … quero marcar uma avaliação': a
  // child's age told beside the writer's own request.
  if (
    /\b(youngest|oldest|mais nov[oa]|mais velh[oa]|cacula|el menor|la menor|el mayor|la mayor|o menor|a menor)\b[^.!?]{0,15}$/.test(
      before,
    ) &&
    !asksForThem(folded)
  )
    return false;
  if (
    /\b(daughters?|sons?|kids?|child|children|hij[oa]s?|nin[oa]s?|filh[oa]s?|menin[oa]s?)\b[^.!?]{0,15}$/.test(
      before,
    ) &&
    writerAsksForSelf(folded) &&
    !asksForThem(folded)
  )
    return false;
  // Someone else's coming-of-age party ('my cousin's quinceañera', 'la quinceañera de mi sobrina'): the occasion of
  // a visit, not the patient's age, unless the writer asks for them or speaks of them as the patient without asking
  // for themselves ('a peel for my sister's 15th bday? she has acne scars').
  if (
    /^(quincea|sweet|1\d(th|st|nd|rd) )/.test(match[0]) &&
    (SOMEONE_ELSES.test(before) || OF_SOMEONE_ELSE.test(folded.slice(match.index + match[0].length))) &&
    !asksForThem(folded) &&
    (!THIRD_PERSON.test(folded) ||
      writerAsksForSelf(folded) ||
      ADULT_AGE.test(folded) ||
      ASKS_TO_BE_TREATED.test(folded))
  )
    return false;
  // 'my baby turned 1', 'mi bebé tiene 8 meses': the age of a baby, not of the patient.
  if (/\b(baby|babies|newborn|infant|toddler|little one|bebe|bebito|bebita)\b[^.!?]{0,20}$/.test(before))
    return false;
  // A parent asking for a child's dental care is the practice's everyday work, and so is a minor asking about
  // their own braces or a cleaning; surgery on a minor's teeth ('im 16 and need my wisdom teeth out') is not.
  const pediatricDental =
    childsDentalCare(folded) &&
    (!/\b(i'?m|im|i am)\b/.test(folded.slice(Math.max(0, match.index - 8), match.index + 8)) ||
      !DENTAL_SURGERY.test(folded));
  if (pediatricDental) return false;
  if (/minor/.test(match[0]))
    return !/\bminor (surgery|procedure|swelling|bruising|issue|change|touch|adjust\w*|pain|discomfort)/.test(
      folded,
    );
  return true;
}

/** Surgery on the teeth or the jaw: extractions, implants, grafts, wisdom teeth. */
const DENTAL_SURGERY =
  /\b(wisdom (teeth|tooth)|extract\w*|pulled|pull (it|them|out)|taken out|out under|implants?|surgery|surgical|oral surgeon|grafts?|sedation|anesthesia|muelas? del juicio|cordal\w*|extraccion|sacar(me)? (la|las|una) muelas?|cirugia|implantes?|sisos?|extracao|arrancar)\b/;

/** Dental care of the everyday kind, nothing aesthetic asked for: what a parent arranges for a child. */
export function childsDentalCare(folded: string): boolean {
  return (
    /\b(pediatric|kids? dentist|children'?s dent|cleanings?|checkups?|check ups?|cavit\w*|orthodont\w*|braces|invisalign|aligners|sealants?|dentist|dental|teeth|tooth|limpieza|dentista|dientes?|muelas?|caries|brackets|frenos|ortodoncia|odontopediatr\w*)\b/.test(
      folded,
    ) &&
    !/\b(whiten\w*|veneers?|carillas?|blanque\w*|bonding|gummy smile|lip|lips|labios|botox|filler\w*|relleno)\b/.test(
      folded,
    )
  );
}

/**
 * Whether every match of `words` is said of someone close to the writer ('my sister is pregnant', 'my sister's
 * baby shower') while the writer asks for themselves, not for that person: the fact is not the patient's.
 */
export function onlyOfSomeoneElse(folded: string, words: RegExp): boolean {
  if (!writerAsksForSelf(folded) || asksForThem(folded)) return false;
  const matches = new RegExp(words.source, `${words.flags.replace('g', '')}g`);
  let found = 0;
  for (let match = matches.exec(folded); match; match = matches.exec(folded)) {
    if (!saidOfSomeoneElse(folded, match)) return false;
    found += 1;
    if (found > SOMEONE_ELSE_AT_MOST) return false;
  }
  return found > 0;
}

/**
 * Where an e-mail's signature and footer begin (a sign-off or '--' on a line of its own, a confidentiality notice)
 * and where a P.S. after it ends them: a title ('Associate Attorney') or a privilege notice there threatens nothing.
 */
let signature = { from: Infinity, to: Infinity };
const SIGN_OFF =
  /^[ \t]*(?:(?:--+|__+)|(?:thanks|thank you|thx|best|best regards|regards|kind regards|warm regards|warmly|sincerely|cheers|respectfully|saludos|gracias|atentamente|un saludo|cordialmente)[ \t,.!]*|(?:confidentiality notice|this (?:e-?mail|message) (?:and any|may contain|is confidential|is intended))[^\n]*)$/gm;
function signatureOf(folded: string): { from: number; to: number } {
  for (let match = SIGN_OFF.exec(folded); match; match = SIGN_OFF.exec(folded)) {
    if (match.index === 0 || !folded.slice(0, match.index).trim()) continue;
    SIGN_OFF.lastIndex = 0;
    const ps = folded.slice(match.index).search(/\n\s*p\.? ?s\b/);
    return { from: match.index, to: ps < 0 ? Infinity : match.index + ps };
  }
  return { from: Infinity, to: Infinity };
}
const inSignature = (index: number) => index >= signature.from && index < signature.to;
/**
 * A word on a line of the signature that is a name or a title as written ('Dolores Whitaker', 'Sue, RN'): every word
 * capitalised, four at most. Never a sign; a short line in lower case after the sign-off ('lip is blue') still is.
 */
function inSignatureName(index: number, text: string, at: number): boolean {
  if (!inSignature(index)) return false;
  const line = text
    .slice(text.lastIndexOf('\n', at) + 1)
    .split('\n', 1)[0]
    .trim();
  return SIGNATURE_NAME.test(line);
}
const SIGNATURE_NAME = /^\p{Lu}[\p{L}'.-]*,?(\s+\p{Lu}[\p{L}'.-]*,?){0,3}$/u;

/**
 * 'sue' as a verb ('I will sue', 'sue you'), not a name ('-- Sue, RN'); a court date of the writer's own; a lawyer
 * by trade ('I'm an attorney working downtown') unless the message also holds a grievance; nothing in a signature.
 */
/** 'Got subpoenaed for court that morning': the writer summoned as a witness, with no grievance against anyone. */
function subpoenaedThemselves(folded: string, match: RegExpExecArray): boolean {
  return (
    /^subpoena/.test(match[0]) &&
    /\b(got|get|was|been|being|am|i'?m|im) $/.test(
      folded.slice(Math.max(0, match.index - 12), match.index),
    ) &&
    !GRIEVANCE.test(folded.replace(/\b(court|subpoena\w*)\b/g, ' '))
  );
}

function legalThreatMeant(folded: string, match: RegExpExecArray): boolean {
  if (inSignature(match.index)) return false;
  const grievance = GRIEVANCE.test(
    folded.slice(0, match.index) + ' '.repeat(match[0].length) + folded.slice(match.index + match[0].length),
  );
  const before = folded.slice(Math.max(0, match.index - 30), match.index);
  const after = folded.slice(match.index + match[0].length, match.index + match[0].length + 20);
  if (
    match[0] === 'sue' &&
    !/\b(to|will|gonna|going to|i'?ll|we'?ll|could|can|should|might|may|and|or|about to|not afraid to|threaten(ed)? to)\s+$/.test(
      before,
    ) &&
    !/^\s+(you|u|y'?all|yall|them|the|this|that|your|for|over|him|her|everyone|if)\b/.test(after)
  )
    return false;
  // A court of the writer's own, the word said again elsewhere not a grievance ('court date' in the subject).
  const ownCourt = /^court$/.test(match[0]) && !GRIEVANCE.test(folded.replace(/\bcourt\b/g, ' '));
  if (ownCourt && /^\s+(date|appearance|hearing|case|reporter)\b/.test(after)) return false;
  // 'Got subpoenaed for court that morning', 'I have court on Thursday': the writer's own day in court.
  if (
    ownCourt &&
    /\b(subpoena(ed|s)?|summon(s|ed)|called|due|appear(ing)?|testify(ing)?|have|got|had) (for |in |to |at )?$/.test(
      before,
    )
  )
    return false;
  // 'my lawyer friend sent me', 'mi amiga abogada me recomendó': who referred the writer.
  if (
    /^(lawyer|attorney|abogad)/.test(match[0]) &&
    /^\s+(friend|buddy|pal|colleague|coworker|neighbou?r|cousin|amig[oa])\b/.test(after) &&
    !grievance
  )
    return false;
  // 'hay mucha demanda': much asked for, not a lawsuit.
  if (
    /^demanda$/.test(match[0]) &&
    /\b(mucha|alta|poca|gran|tanta|mas|menos|bastante|tiene|hay) $/.test(before)
  )
    return false;
  // 'I'm a litigation attorney and in court most weekdays': a profession, its workplace no grievance.
  const atWork = grievanceBesides(folded, match);
  if (/^court$/.test(match[0]) && /\b(in|at) $/.test(before) && LEGAL_PROFESSION.test(folded) && !atWork)
    return false;
  // …and the writer's title opening the message ('Attorney here, asking for myself').
  if (
    /^(lawyer|attorney|abogad|advogad)/.test(match[0]) &&
    /^\s+here\b/.test(after) &&
    (/(^|[.!?\n])\W*$/.test(before) || LEGAL_PROFESSION.test(folded))
  )
    return atWork;
  return !(
    /^(lawyer|attorney|abogad)/.test(match[0]) &&
    new RegExp(
      String.raw`\b(is|am|i'?m|im|he'?s|she'?s|hes|shes|was|works as|soy|es|trabajo como) (an? |un |una )?(\w+ )?(${LAW_FIELD} )?$`,
    ).test(before) &&
    !atWork
  );
}

/** Words of a grievance in the message besides the words matched and a court the writer works in. */
const grievanceBesides = (folded: string, match: RegExpExecArray) =>
  GRIEVANCE.test(folded.replace(/\b(in|at|to) court\b/g, ' ').replace(match[0], ' '.repeat(match[0].length)));

/** The writer's own work in the law, told with no grievance ('soy abogada y tengo un juicio el lunes'). */
const lawyersOwnWork = (folded: string, match: RegExpExecArray) =>
  LEGAL_PROFESSION.test(folded) && !grievanceBesides(folded, match);

/** A field of the law before 'attorney' ('a criminal defense attorney'): not 'calling my lawyer'. */
const LAW_FIELD =
  '(criminal|defense|defence|divorce|family|immigration|corporate|litigation|tax|estate|injury|patent|trial|employment|labor|civil|district|federal|associate|retired|practicing|penalista|laboralista|familiar|corporativ[oa])';
/** The writer's work in the law ('I'm a litigation attorney', 'trabajo como abogada'). */
const LEGAL_PROFESSION = new RegExp(
  String.raw`\b(i'?m|im|i am|i work as|soy|trabajo como|sou|trabalho como) (an? |un |una |uma? )?(\w+ )?(${LAW_FIELD} )?(lawyer|attorney|paralegal|judge|clerk|prosecutor|public defender|abogad[oa]|fiscal|juez[a]?|advogad[oa]|juiz[a]?)\b|^\W*(counsel|attorney|lawyer|paralegal|abogad[oa]|advogad[oa]) here\b|\b(counsel|attorney|lawyer|paralegal) here,? (writing|asking|reaching out|emailing|texting|inquiring|wondering|looking|checking|hoping)\b|\b(writing|asking|inquiring) in (a|my) personal capacity\b`,
);

/** Trying for a baby later: planned or hoped for ('we plan to start trying', 'hoping to start trying'). */
const PLANNED_BEFORE =
  /\b(start|begin|plan|plans|planning|plan on|hoping to|hope to|want to|going to|gonna|would like to|thinking (about|of)|eventually|empezar a|comenzar a|planeamos|queremos|vamos a|comecar a)( \w+)?\s*$/;
/** … or in a time to come ('trying for a baby next year', 'buscando bebé el año que viene'). */
const LATER_AFTER =
  /^[^.!?\n]{0,12}\b(next year|someday|some day|eventually|in the future|in a (year|few years|couple of years)|el ano que viene|el proximo ano|ano que vem|proximo ano)\b/;

/** Words of a grievance: with them, mentioning a lawyer is a threat. */
const GRIEVANCE =
  /\b(refund|money back|botched|ruin\w*|complain\w*|unhappy|not happy|damage\w*|injur\w*|negligen\w*|overcharg\w*|charged|disput\w*|sue|suing|court|fault|letter|handled|treated|management|manager|expect a response|reembolso|demand\w*|devuelv\w*|devolv\w*|devolu\w*|arruin\w*|estafa\w*|reclam\w*|danos?|lesion\w*|estrag\w*|queja|carta)\b/;

/** The reasons of a symptom or a condition: a risk read or heard about is not one (`toldAsHearsay`). */
export const MEDICAL_READINGS: readonly EscalationReason[] = ['medical_concern', 'post_treatment_symptoms'];

const RULES: Rule[] = [
  // Symptoms that call for a clinician whatever the context (but a nose long hard to breathe through on one side,
  // the reason for a rhinoplasty, is not an emergency).
  {
    reason: 'medical_concern',
    priority: 'high',
    when: (folded, match) =>
      !(/breath/.test(match[0]) && chronicNasal(folded)) &&
      !idiom(folded, match) &&
      !askedHowLikely(folded, match),
    pattern:
      /\b(pus|oozing|discharge|fever|feverish|chills|infect\w*|infeccion|infectad[oa]s?|se (me|le) infecto|necrosis|blanch(ed|ing)|blister(s|ing)?|anaphyla\w*|allergic reaction|hives|(trouble|difficulty|hard|can'?t|cannot|can not)( to)? (breath(e|ing)?|swallow(ing)?)|short(ness)? of breath|chest pain|chest (pressure|tightness|heaviness|feels (tight|heavy))|(pressure|tightness|heaviness) (in|on) (my|the) chest|(presion|opresion|dolor|pressao|aperto) (en el|de|en mi|no|en) pecho|throat (is |feels |keeps )?(closing|tight|tightening|swelling shut)|(me cuesta|no puedo|dificultad para|nao consigo|custa|dificuldade (para|de)) tragar|garganta (apretada|cerrada|cerrandose|fechando|apertada|fechada)|vision (change|changes|loss|problems?|is blurry)|blurr?y vision|double vision|(lost|losing|loss of) (my )?(vision|sight)|(vision|sight|eyesight)\b[^.!?]{0,30}\b(blurr?y|blurred|cloudy|dim|foggy|hazy|went dark|gone dark|going dark|spotty|fuzzy)|seeing (double|spots|stars|flashes|two of everything|things double)|(everything|things) (is|are|looks?|look|went|got) (blurr?y|double|hazy|cloudy|foggy|fuzzy)|(my |one |the |left |right )eyes? (is|are|went|got|gone|going|looks?|feels?) (all )?(blurr?y|cloudy|hazy|dim|foggy|fuzzy)|(eye|eyes|ojo|ojos)\b[^.!?,;\n]{0,25}\b(blurr?y|blurred|blurriness|cloudy|foggy|hazy|fuzzy|borros[oa]|nublad[oa])|(blurr?y|blurred|blurriness|cloudy|foggy|hazy|fuzzy|borros[oa]|nublad[oa])\b[^.!?,;\n]{0,20}\b(in|on|of|from|en|del|de|do|no) (my |one |the |his |her |mi |el |un |o |meu |um )?(left |right |izquierdo |derecho |esquerdo |direito )?(eye|eyes|ojo|ojos|olho|olhos)\b|(can'?t|cannot|can not) see(?! (a|any|much|the|no) )|(can'?t|cannot|can not) feel (the |my |her |his )?(left|right|one|whole) (side|half)|slurr(ed|ing)|no (siento|siente) (el|la) (lado|mitad)|turn(ing|ed)? (white|grey|gray|blue|purple|black|dusky)|(temp|temperature|fever) (is |was |of |at |hit |reading )?(about |around |like |over )?(10[0-5]|3[89])([.,]\d)?\b|fiebre|pus|reaccion alergica|ronchas|vision borrosa|no (puedo|consigo) (ver|respirar|tragar)|dificultad para respirar|veo (todo )?(doble|borroso|nublado|manchas)|vista (borrosa|nublada|doble)|(perdi|perdiendo|pierdo) la vista)\b/,
  },
  // Symptoms after a treatment.
  {
    reason: 'post_treatment_symptoms',
    priority: 'high',
    resolvable: true,
    pattern:
      /\b(swell(ing|ed)?|swollen|puffy|puffiness|bruis(e|es|ed|ing)|redness|red and|rash|numb(ness)?|tingl(ing|y)|lumps?|lumpy|bumps?|knots?|nodules?|bleed(ing|s)?|bled|pain(ful)?|hurts?|hurting|ache|aching|sore(ness)?|droop(y|ing|ed|s)?|ptosis|leak(ing|s)?|burn(ing|s)?|itch(y|ing|es)?|scab(s|bing)?|hematoma|seroma|capsular contracture|incision (opened|open)|stitch(es)? (opened|came out|broke)|hinchad[oa]s?|hinchazon|inflamad[oa]s?|inflamacion|moret(e|on|ones)|bult(o|os|ito|itos)|bolit(a|as)|sangr(a|ado|ando)|dolor|duele|adormecid[oa]|entumecid[oa]|caid[oa] (el |la )?(parpado|ceja)|(feels?|is|are|got|getting|gone|went) (really |very |so )?(hard|firm|tight)|(getting|growing|grew|grown|gotten) (\w+ )?(bigger|larger|harder|firmer)(?! (lips?|results?|smile))|hard (lump|spot|knot)|(one|the) (side|breast|implant) (is |looks |sits )?(higher|lower|bigger|smaller|different)|(is|are|looks?|feels?|turned|getting|gone|so|very|really|super) (\w+ )?(red|hot|warm|purple|dark)\b|warm to the touch|can'?t (lift|open|close|move|feel|raise|smile)|cannot (lift|open|close|move|feel)|won'?t move|crooked|(white|blotchy|mottled|dusky|grey|gray) (and|patch|spots?|area)|blotchy|mottled|dizz(y|iness)|me mareo|mareos?|maread[oa]|tontura|nause\w*|queasy|queasiness|sick to my stomach|vomit\w*|faint\w*|lightheaded|headaches?|(green|yellow|white) (stuff|discharge|fluid|pus)|smells?|foul|odou?r|burn(ed|t)?|blister\w*|dark spots?|discolou?r\w*|hyperpigment\w*|dry socket|migrat\w*|tender(ness)?|sensitiv(e|ity)|peeling (a lot|badly|off)|shifted|ruptur\w*|deflat\w*|rippling|parpados? caid[oa]s?|cejas? caid[oa]s?|(sale|salen|salio|salieron|saliendo) (\w+ )?(sangre|pus|liquido)|(mal|feo) olor|olor (feo|fuerte|raro|malo|horrible|ruim)|ampollas?|arde|ardor|quemad[oa]s?|quemaduras?|me (quemo|quemaron)|me pica|comezon|roj[oa]s?)\b/,
    when: (folded, match) => {
      const around = folded.slice(Math.max(0, match.index - 80), match.index + match[0].length + 80);
      if (worried(folded, match.index) || idiom(folded, match) || askedInGeneral(folded, match)) return false;
      if (namesAThing(folded, match) || askedAhead(folded, around)) return false;
      if (EXPECTATION.test(around) && !AFTER_TREATMENT.test(around)) return false;
      if (askedHowLong(folded, match, around)) return false;
      if (longstanding(around) || toldToExpect(folded, match)) return false;
      if (MARK_WORD.test(match[0]) && marksOfTheSun(folded)) return false;
      const droop = /^droop|^ptosis|caid/.test(match[0]);
      if (
        droop &&
        /\b(botox|dysport|xeomin|jeuveau|daxxify|tox|filler|injection|injections|treatment|procedure|surgery)\b/.test(
          folded,
        )
      )
        return true;
      if (SEVERE.test(around) && REPORTED.test(around) && (surgeryNamed || post(folded))) return true;
      // 'a little sore but no big deal' reports nothing to act on, unless it also asks.
      if (REASSURED.test(folded) && !/\?/.test(folded) && !SEVERE.test(around)) return false;
      return post(folded) && REPORTED.test(around);
    },
  },
  // The general reading: any sign or worry about the body after a treatment in the past.
  {
    reason: 'post_treatment_symptoms',
    priority: 'high',
    resolvable: true,
    pattern: SIGN_OR_CONCERN,
    when: concernAfterTreatment,
  },
  // An injury to a tooth, or a tooth that broke or cracked: urgent dental care.
  {
    reason: 'medical_concern',
    priority: 'high',
    pattern:
      /\b((chipped|broke|broken|cracked|knocked( out)?)\b.{0,30}\b(tooth|teeth|molar|front tooth)|(tooth|teeth|molar)\b.{0,30}\b(chipped|broke( off)?(?! (college|grad|uni|student|af|as hell|rn|right now|until|till|this month|lol))|broken|cracked|knocked out|is loose|came loose|snapped)|(piece|part|chunk|corner|bit|edge) of (my|his|her|a|the) (front |back )?(tooth|molar)|(tooth|teeth|molar)\b((?!\b(we|we'?re|i|i'?m|im|they|they'?re|you|he|she)\b)[^;.!?\n]){0,40}\b(wiggly|wobbly|loose|moving|came off|fell off|got hit|knocked)|((front|adult|permanent) (tooth|teeth)|(?<!(baby|milk|wisdom|primary) )my tooth) (\w+ )?(came|fell|popped) (right |clean |straight )?out|(got|was|been) (hit|smacked|punched|elbowed|kicked) (in|on) (the|my|his|her) (mouth|teeth|tooth|jaw|face)|(teeth|tooth) got (hit|knocked|smacked)|(pedazo|trozo|parte|esquina) de (muela|diente|mi muela|mi diente)|(diente|muela) (flojo|floja|se mueve)|se (me|le) (esta )?(moviendo|mueve|aflojando|afloja) (un|el|una|la) (diente|muela)|se (pego|golpeo|cayo) (en|de) (la )?boca|(there'?s|theres|there is|lots of) blood|abscess\w*|se (me|le) (rompio|partio|quebro|cayo|despostillo|salio|aflojo|movio) (un|el|la|una) (diente|muela|colmillo)|(diente|muela) (rot[oa]|partid[oa]|quebrad[oa])|hay (mucha )?sangre|absceso|flemon)\b/,
    when: (folded) => {
      const hurtsNow = hurtsNowIn(folded);
      if (OLD_INJURY.test(folded) && !hurtsNow) return false;
      return !/\b(crown|corona|filling|empaste|veneers?|carillas?|bonding)\b/.test(folded) || hurtsNow;
    },
  },
  // A current symptom or injury not caused by a treatment (a toothache, a knocked-out tooth, bleeding gums).
  {
    reason: 'medical_concern',
    priority: 'high',
    resolvable: true,
    pattern:
      /\b(pain|painful|hurts?|hurting|ache|aching|toothache|sensitiv(e|ity) (to|when) (cold|hot|heat|sweets|biting|chewing)|bleed(ing|s)?|bled|swell(ing|ed)?|swollen|knocked out|abscess|(broke|broken|cracked) (my |his |her )?(\w+ )?(tooth|teeth|jaw|nose)|dolor|duele|sangr(a|ado|an|ando)|hinchad[oa]s?|hinchazon|killin'?g? me|(is|are|been) killing me|me esta matando|me estan matando|swel+(ing|ed|s)?|swol+en|sweling|inflam(o|a|ada|ado)|se me (inflamo|hincho)|(can'?t|cannot|can not) (chew|bite down|eat on))\b/,
    when: (folded, match) => {
      const around = folded.slice(Math.max(0, match.index - 80), match.index + match[0].length + 80);
      if (
        worried(folded, match.index) ||
        EXPECTATION.test(around) ||
        idiom(folded, match) ||
        askedInGeneral(folded, match)
      )
        return false;
      if (GENERIC_QUESTION.test(around) || longstanding(around)) return false;
      if (
        /killing|matando/.test(match[0]) &&
        !/\b(tooth|teeth|molar|jaw|gum|head|back|muela|diente|cabeza|encia)/.test(around)
      )
        return false;
      // Reasons for a surgery ('back pain from large breasts', 'broke my nose years ago') are not emergencies.
      if (
        surgeryNamed &&
        /^(pain|painful|hurts?|hurting|ache|aching|dolor|duele)/.test(match[0]) &&
        !URGENT_CARE.test(around) &&
        !SEVERE.test(around)
      ) {
        return false;
      }
      if (
        /\b(years? ago|last year|a while (back|ago)|el ano pasado|hace (un|dos|tres|\d+) anos?|since i was|as a (kid|child|teen)|in high school|always had|from (my )?(large|big|heavy)|because of (my )?(large|big|heavy)|due to (my )?(large|big|heavy))\b/.test(
          around,
        )
      )
        return false;
      if (
        /^(pain|painful|hurts?|hurting|dolor|duele)/.test(match[0]) &&
        /\b(no|without|sin|any|zero|little|minimal|less)\s+(\w+\s+)?$/.test(
          folded.slice(Math.max(0, match.index - 20), match.index),
        )
      )
        return false;
      return REPORTED.test(around) || SEVERE.test(around) || URGENT_CARE.test(around);
    },
    priorityOf: (folded) => (CHRONIC.test(folded) && !SEVERE.test(folded) ? 'medium' : 'high'),
  },
  {
    reason: 'legal_threat',
    priority: 'high',
    pattern:
      /\b(lawyer|lawyers|attorney|attorneys|sue|suing|sued|lawsuit|legal action|take (you|this) to court|small claims|court|bbb|better business bureau|malpractice|report (you|this|the clinic|your (clinic|office|practice)) to|medical board|state board|(dental|medical|licensing|nursing) board|law ?firm|legal (counsel|team|advice)|my (legal|law)|(see|meet) you in court|abogad[oa]s?|demanda(r|rlos|re)?|denuncia(r)?|accion legal)\b/,
    when: legalThreatMeant,
  },
  {
    reason: 'legal_threat',
    priority: 'high',
    pattern: new RegExp(String.raw`(?<![\p{L}])(?:${LEGAL_INDIRECT})(?![\p{L}])`, 'u'),
    // 'Soy abogada y tengo un juicio en dos semanas': the writer's own work in the law, with no grievance.
    when: (folded, match) =>
      !inSignature(match.index) && !lawyersOwnWork(folded, match) && !subpoenaedThemselves(folded, match),
  },
  // A charge and what is wrong with it in one sentence ('a second charge on my visa', 'un cobro que no reconozco').
  {
    reason: 'billing_dispute',
    priority: 'medium',
    pattern: new RegExp(
      String.raw`(?<![\p{L}])(?:(?:${MONEY_WORD})(?![\p{L}])[^.!?\n]{0,100}?(?<![\p{L}])(?:${DISPUTE_WORD})|(?:${DISPUTE_WORD})(?![\p{L}])[^.!?\n]{0,100}?(?<![\p{L}])(?:${MONEY_WORD}))(?![\p{L}])`,
      'u',
    ),
  },
  {
    reason: 'billing_dispute',
    priority: 'medium',
    pattern:
      /\b(charged (me )?(twice|double|two times|again|more|extra|wrong)|(charged|billed) (me )?(\$ ?\d[\d,.]* |(for )?(it|that|the (fee|exam|consult\w*)) )?anyway|double[- ]?charged|double charge|double[- ]?bill(ed|ing)?|billed (me )?twice|(charged|billed|charge|bill)\b.{0,60}\b(i|we) (never|did not|didn'?t) (receive|received|get|got|have|had|order|ordered|use|used|authori[sz]e|authori[sz]ed)|\b(bill|billed|charged?|invoice|statement)\b.{0,80}\b(was told|told me|were told|said) (it|that|this|they) (was|would be|is|were) (covered|free|included|complimentary)|(never|still (have not|havent|haven'?t)|did not|didn'?t) (got|gotten|get|received|receive|seen|see) (my|the|a|that) (refund|credit|money back|reimbursement)|overcharg(ed|e|ing)|over[- ]charged|disput\w*|chargeback|quoted (me )?.{0,30}\b(but|and) (you )?(charged|billed)|charged (me )?(full price|more than|the wrong)|instead of the (promo|promotional|quoted|discount\w*)( price)?|charge back|billing (error|issue|mistake|problem)|wrong (amount|charge|bill)|unauthori[sz]ed (charge|payment)|never authori[sz]ed|incorrect(ly)? (charge|charged|bill|billed)|bill is wrong|charged for something|why (was|were|am|did) (i|we|you) (charged|billed|charge me|bill me)|(want|need|expect) (that|it|this|the (charge|fee)) (reversed|refunded|removed|waived|taken off)|reverse (the|that|this) (charge|fee)|(want|need|demand|expect|requesting|request|would like|i'?d like|like) (a |my )?(full |partial )?(refund|money back)(?! if\b)|charged (me|my (card|account|visa|credit card|debit card))( \w+)? (again|twice|double|two times)|(get|have|receive|give me) (a |my |the )?(full )?(refund|money back)(?! if\b)|refund me|give me my money back|charged (me )?(for|a) .{0,40}(free|supposed to|told me|said)|cobr(aron|o) (dos veces|doble|de mas)|\b(billed|charged)\b.{0,80}\b(supposed to|should have|was told|were told|insurance (was|would|should|is))\b|(insurance|seguro) (was |is )?(supposed to|should|should have|would) (cover|pay)|me cobraron .{0,40}(gratis|no (debian|deberian)|dijeron)|(want|need|demand) (my|the|our) (deposit|money|payment) back|(told|said|promised) (me )?.{0,50}\b(free|included|no charge|covered)\b.{0,60}\b(bill|billed|charged|charge|invoice|fee)|(billed|charged) me\b.{0,60}\b(wrong|mistake|incorrect|error|shouldn'?t|should not|never)|quiero (un |mi )?reembolso|(factura|cobro|cargo)\b.{0,60}\b(no es correcto|incorrect[oa]|error|equivocad[oa])|(seguro|aseguranza) no (cubrio|pago|cubre)|insurance (didn'?t|did not|wouldn'?t|would not|refused to|won'?t) (cover|pay)\b.{0,80}\b(bill|billed|charged|invoice)|devuelvan (mi|el) dinero|cobro doble|me cobraron de mas|cargo no autorizado|cobro indebido|charged? (my (card|account) )?(2x|twice|two times|double)|(want|need|get|expect|like|would like|'d like|request\w*|demand\w*) (the difference|the overcharge|the extra( charge| amount)?) (back|refunded|returned|credited)|promo\w* (was|is|said|price)\b.{0,60}\b(i )?(paid|charged|billed)|billed (for|me for) (a |an |the )?(\w+ )?(procedure|treatment|service|visit|something|session)s? (i|we) (never|did not|didn'?t)|(calling|call|contact|contacting|called) my (bank|credit card company|card company)|(reverse|dispute|cancel) (the|that|this|my) (payment|charge|transaction)|(lost|kept|keep|keeping|took|charged me) my (\$amount |\$?\d+ )?(deposit|cancellation fee)\b.{0,80}\b(policy|within|window|notice|advance)|(cancel\w*|notice) (within|inside|in) the (allowed|cancellation|policy)\b.{0,60}\b(deposit|fee|charge)|(dijeron|dijo|decian|era) .{0,40}\b(gratis|incluid[oa])\b.{0,60}\bcobra\w*|(banco|tarjeta)\b.{0,40}\b(revier\w*|disput\w*|reclam\w*|cancel\w*) (el|ese|este) (pago|cargo|cobro)|revier\w* (el|ese|este) (pago|cargo|cobro)|me (devuelvan|regresen|reembolsen)|(insurance|claim|aseguranza|seguro)\b.{0,30}\b(denied|rejected|declined|bounced|nego|negaron|rechazo|rechazaron)|(denied|rejected|declined) (my |the |our )?(insurance )?claim|me cobraron\b.{0,40}\bno me (atendieron|hicieron|dieron|vieron)|(sent|sending|send|turned) (me|my account|it|my bill) (to|over to) (a )?collections?|collections? (is |are |keeps |kept |has been |have been )?(calling|called|contacting|contacted|texting|emailing|after me|chasing)|collection agency|(mandaron|enviaron|pasaron|mandan) a cobranzas?)\b/,
  },
  {
    reason: 'complaint',
    priority: 'medium',
    pattern:
      /\b(complain|complaint|unacceptable|messed up|screwed up|butchered|worse than before|looks? worse|overfilled|not what i asked|(want|need) (this|it|them) fixed|fix (this|it|them) for free|(post|posting|posted|putting|writing|sharing|share|put|write)( this| it)?( about (this|it|my (experience|visit)))? (on|to) (social media|instagram|ig|facebook|fb|tiktok|yelp|google|reddit|nextdoor|twitter)|tell everyone|frustrat\w*|angry|pissed|(looks?|are|is|came out|turned out|ended up|left me) (\w+ )?(uneven|lopsided|asymmetr\w*|crooked)|disparej\w*|chuec[oa]|quedo mal|no me gusto|enojad[oa]|frustrad[oa]|inaceptable|ridiculous|ridiculo|absurd|this is (insane|crazy|a joke)|been waiting (\w+ ){0,3}(for|weeks|days|hours|months)|still waiting|(no one|nobody|no body) (has |ever )?(called|answers|answered|responded|got back|gets back|returned)|never (called|got back|heard back|returned my)|nadie (me )?(contesta|llamo|responde)|what are you going to do about|complaining|unhappy|not happy|very upset|so upset|really upset|i'?m upset|im upset|disappoint(ed|ing)|dissatisfied|not satisfied|unsatisfied|botched|ruin(ed|s)|rude|unprofessional|worst (experience|service|place|clinic)|(terrible|horrible|awful|bad|poor|lousy) (experience|service|job|results?|customer service|treatment|work)|waste of (my )?(money|time)|never (coming|going) back|(bad|negative|1[- ]star|one[- ]star) review|furious|outraged|ripped off|rip[- ]off|scam(med)?|didn'?t work|did not work|does not work|doesn'?t work|(is|it'?s|its|is still) not working|isn'?t working|not working (at all|on)|no (me )?(hizo efecto|funciono)|wore off (after|in)|queja|quejarme|reembolso|devuelvan (mi|el) dinero|devolucion de (mi )?dinero|no estoy (content[oa]|satisfech[oa])|insatisfech[oa]|pesimo|muy mal servicio|mal servicio|me arruinaron|estoy (muy |bien |super )?molest[oa]|groser[oa]|maleducad[oa]|mala atencion|pesima atencion|trato (horrible|terrible|pesimo)|decepcionad[oa])\b/,
    when: (folded, match) => {
      // 'did not work' about a product they tried elsewhere is still a complaint only with a treatment here.
      if (/work/.test(match[0])) return post(folded) || /\b(you|your|here|clinic|office)\b/.test(folded);
      if (grievanceAboutSelf(folded, match) || looksIt(folded, match)) return false;
      if (/scam/.test(match[0]))
        return !/\b(is this a scam|not a scam|is it a scam|(is|was) (this|it|that)\b[^.!?]{0,40}\bor (a |just a )?scam|legit or (a )?scam)\b/.test(
          folded,
        );
      return !ELSEWHERE.test(folded);
    },
  },
  // Dissatisfaction without a complaint word ('not what I paid for', 'waited 50 minutes', 'nadie me atendió').
  {
    reason: 'complaint',
    priority: 'medium',
    pattern: new RegExp(String.raw`(?<![\p{L}])(?:${DISSATISFACTION})`, 'u'),
    negatable: false,
    // 'where do I leave a review?', 'loved it, leaving you a review': a review offered, not threatened.
    when: (folded, match) =>
      !ELSEWHERE.test(folded) &&
      !(
        /review/.test(match[0]) &&
        !/\b(honest|bad|negative|1 star|one star)\b/.test(match[0]) &&
        (/\b(where|how) (do|can|should|would) i\b/.test(folded) ||
          /\b(love[ds]?|loving|amazing|awesome|thank you so much|so happy with|5 stars?|five stars?)\b/.test(
            folded,
          ))
      ),
  },
  {
    reason: 'complaint',
    priority: 'medium',
    pattern: new RegExp(String.raw`(?<![\p{L}])(?:${DISSATISFACTION_MORE})(?![\p{L}])`, 'u'),
    negatable: false,
    // 'thinking of going somewhere else' is about us; another practice named elsewhere in the message is not.
    when: (folded, match) =>
      !ELSEWHERE.test(folded.replace(match[0], ' ')) &&
      !grievanceAboutSelf(folded, match) &&
      !(
        /resena/.test(match[0]) && /\b(buena|excelente|positiva|5 estrellas|cinco estrellas)\b/.test(folded)
      ) &&
      // 'will my veneers look fake?', 'I don't want to look overdone': a worry before a treatment.
      !(
        /^look/.test(match[0]) &&
        /\b(will|would|could|might|do|does|don'?t|dont|not|afraid|worried|scared|nervous|want|won'?t|wont)\b[^.!?]{0,25}$/.test(
          folded.slice(Math.max(0, match.index - 40), match.index),
        )
      ),
  },
  {
    reason: 'pregnancy',
    priority: 'medium',
    pattern: new RegExp(String.raw`(?<![\p{L}])(?:${PREGNANCY_INDIRECT})(?![\p{L}])`, 'u'),
  },
  {
    reason: 'minor',
    priority: 'medium',
    // Whole numbers only: 'los 150' is an amount, not 'los 15'.
    pattern: new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${MINOR_INDIRECT})(?![\p{L}\p{N}])`, 'u'),
    when: (folded, match) => minorAboutAesthetics(folded, match),
  },
  // A weight-loss medication the writer is on, asked about beside a treatment ('I'm on Ozempic, can I still get
  // filler?'): a question for a clinician. Asking to buy or switch it stays a price or a booking.
  {
    reason: 'medical_concern',
    priority: 'medium',
    pattern:
      /\b(ozempic|wegovy|mounjaro|zepbound|saxenda|semaglutid[ea]|tirzepatid[ea]|phentermine|glp ?1)\b/,
    when: (folded, match) =>
      new RegExp(String.raw`(?<![\p{L}])(?:${HEALTH_DISCLOSURE})(?![\p{L}])`, 'u').test(
        folded.slice(Math.max(0, match.index - 30), match.index),
      ) &&
      /\b(can i (still )?(get|do|have)|is it (safe|ok|okay)|safe|interact\w*|affect\w*|matter|a problem|stop (it|taking)|pause|puedo (seguir|hacerme|ponerme)|afecta|es seguro|hay problema)\b/.test(
        folded.slice(match.index),
      ),
  },
  // The writer's own smoking or vaping, asked about beside a treatment ('I smoke half a pack a day, do I have to
  // quit before my tummy tuck?'): healing and anaesthesia depend on it, a question for a clinician.
  {
    reason: 'medical_concern',
    priority: 'medium',
    pattern:
      /\b((i|i'?m|im|i am|i still|yo|eu)\s+(\w+\s+)?(smoke|smoker|vape|vaping|use nicotine|chew tobacco)|fumo|vapeo|(soy|sou) (fumador|fumadora|fumante)|(do|should|must|will) i (\w+ )?(have to |need to )?(quit|stop) (smoking|vaping|nicotine|cigarettes|fumar)|(tengo|debo|necesito) que dejar de fumar|(preciso|tenho que) parar de fumar)\b/,
    when: (folded, match) =>
      asksAboutATreatment(folded) &&
      !/\b(quit|stopped|used to|former|ex|dejé|deje|parei)\s+$/.test(
        folded.slice(Math.max(0, match.index - 12), match.index),
      ),
  },
  // The writer's own condition or medication, told in passing ('I take lithium', 'I had a kidney transplant').
  {
    reason: 'medical_concern',
    priority: 'medium',
    pattern: new RegExp(String.raw`(?<![\p{L}])(?:${HEALTH_CONDITION}|${MEDICATION})(?![\p{L}])`, 'u'),
    when: (folded, match) => {
      const clause = folded.slice(Math.max(0, match.index - 60), match.index);
      return (
        new RegExp(String.raw`(?<![\p{L}])(?:${HEALTH_DISCLOSURE})(?![\p{L}])`, 'u').test(clause) &&
        !clearedByClinician(folded, match)
      );
    },
  },
  {
    reason: 'pregnancy',
    priority: 'medium',
    pattern:
      /\b(pregnant|pregnancy|preg|preggo|preggers|expecting a baby|i'?m expecting|im expecting|we'?re expecting|breast ?feeding|breast ?fed|nursing (my|a|mother|mom)|while nursing|(i'?m|im|i am|still|currently) nursing|trying to (conceive|get pregnant)|ttc|trimester|ivf|fertility (treatment|treatments|shots|meds)|(still |currently |i'?m |im )pumping|(is|she'?s|shes|she is|who is|who'?s) (still |currently |also )?(nursing|breast ?feeding|pumping)|expecting (in|twins|our|my|a)|due (in|date)|trying (for|to have) (a|another) (baby|kid|child)|(i'?m|im|i am) expecting|\d+ (weeks|months|wks) along|(got|had|just got) a positive (pregnancy |home )?test|(after|once|when|until|till) (i'?m |im |i am |i )?(done|finished|finish|stop|through) (nursing|breast ?feeding|pumping)|(cuando|hasta que) (termine|deje|acabe) de (amamantar|dar (el )?pecho|lactar)|(quando|ate) (parar|terminar|acabar) de (amamentar|amamantar)|positive (pregnancy |home )?tests?|tested positive|eating for two|(we'?re|we are|i'?m|im|i am) having a baby|prena(da)?|(estoy|esta|estas|ando|quede) de encargo|(voy|vou) (a )?ser (mama|mae|mamae|madre)|(estoy|estou) a (amamentar|dar de mamar)|dando de mamar|gestante|(two|2) pink lines|(two|2) lines on (the|a|my) (test|stick)|bun in the oven|(a )?baby on the way|baby (arrives|comes|is born|is due)|after (the|my) baby (arrives|comes|is born)|after (i )?(give|giving) birth|after (the|my) (delivery|due date)|buscando (un )?(bebe|embarazo)|en estado|encinta|en cinta|sali embarazada|(antes|despues) del parto|cuando nazca|(doy|dando|doy de) pecho|esperando (un )?bebe|semanas de embarazo|embarazada|embarazo|lactancia|lactando|amamantando|dando (pecho|de lactar))\b/,
    when: (folded, match) => {
      // A positive test of an illness ('tested positive for covid') is not a pregnancy.
      if (/positive|lines/.test(match[0]) && OTHER_TESTS.test(folded)) return false;
      // Trying for a baby some day, not now ('we plan to start trying next year'; 'we're trying for a baby' is now).
      if (
        /^(trying|ttc|buscando)/.test(match[0]) &&
        (PLANNED_BEFORE.test(folded.slice(Math.max(0, match.index - 30), match.index)) ||
          LATER_AFTER.test(folded.slice(match.index + match[0].length, match.index + match[0].length + 30)))
      )
        return false;
      const before = folded.slice(Math.max(0, match.index - 30), match.index);
      // Past pregnancies ('after 3 pregnancies', 'since my pregnancy') describe the body, not a current state.
      if (
        /\b(stopped|finished|quit|done|weaned|no longer|ended|was|were|had been|used to be|deje de|termine de|ya no estoy)\s*$/.test(
          before,
        )
      )
        return false;
      const after = folded.slice(match.index + match[0].length, match.index + match[0].length + 25);
      // 'I'm expecting your call', 'I'm expecting a refund': waiting for something, not a baby.
      if (
        /expecting$/.test(match[0]) &&
        /^\s+(your|a call|an? (email|answer|reply|refund|response|call|update)|the|to|my|it|that|this|results|more|better|someone|somebody|you)\b/.test(
          after,
        )
      )
        return false;
      if (/^\s*(is|was|has been|are)?\s*(done|over|finished|ended|behind me)\b/.test(after)) return false;
      return !/\b(after|since|from|post|before|previous|past|prior|old|despues del?|desde (el|mi))\s+((my|the|her|\d+|two|three|four|several|multiple|mis|mi|los|el)\s+)?((first|second|third|fourth|last|previous|1st|2nd|3rd|4th|primer|segundo|tercer|ultimo|primeira|segunda|terceira|ultima)\s+)?$/.test(
        before,
      );
    },
  },
  {
    reason: 'minor',
    priority: 'medium',
    pattern:
      /\b((i'?m|im|i am|i'?ll be|turning|turned|aged?|age:|edad:?)\s+(only\s+|just\s+)?(1[0-7]|[1-9])(\s*(years? old|yrs? old|yo|y\/o))?(?=\s*([.,!?;)]|$|and\b|but\b|so\b|&|y\b|pero\b|can\b|is\b|do\b|will\b|would\b|how\b))|(tengo|tiene|de)\s+(1[0-7]|[1-9])\s+anos|(tengo|tiene) (1[0-7])(?=\s*([.,!?;]|$|y\b|pero\b|anos\b))|(estoy|esta|va) en (la )?(secundaria|prepa|preparatoria|high ?school)|(mi|su) (hij[oa]|nin[oa]|sobrin[oa]|niet[oa]) (de|tiene) (1[0-7]|[1-9])\b|((daughter|son|child|kid|niece|nephew|granddaughter|grandson|girl|boy|she|he)( is|'s|s)|(she|he) is)\s+(only\s+|just\s+)?(1[0-7]|[1-9])\b(?![\d'"./:]|,\d|\s*(am|pm|units?|weeks?|days?|months?|%))|(1[2-7])\s*(-| )?(year|yr)s?\s*(-| )?old|(1[2-7])\s*(yo|y\/o)\b|(1[0-7]|[1-9]) anos|(1[2-7]) years of age|(junior|sophomore|freshman|senior) in (high ?school|hs)|\b(9th|10th|11th|12th|ninth|tenth|eleventh|twelfth) grade|teenage (son|daughter|kid|girl|boy|child)|(who is|who'?s|that is|thats) (1[0-7]|[1-9])\b(?! (units?|weeks?|days?|months?|%))|\bage:? (1[0-7]|[1-9])\b(?! (units?|weeks?|days?|months?|%))|sweet sixteen|sweet 16|quincea\w+|(i'?m|im|i am|she'?s|shes|he'?s|hes|she is|he is|still|currently|is) (in|a) (high ?school|middle school)|(high ?school|middle school) (student|junior|senior|sophomore|freshman)|underage|under 18|under eighteen|minor(?! (\w+ )?(heart|stroke|surgery|surgeries|procedures?|issues?|things?|problems?|injur\w*|bleed\w*|swell\w*|bruis\w*|side|touch|adjust\w*|changes?|tweak\w*|questions?|concerns?|details?|scratch\w*|cuts?|burns?|infections?|accident|car|discomfort|pain|allerg\w*|reactions?|repairs?|fix|corrections?|revisions?|chips?|cracks?|cavit\w*|fillings?|asymmetr\w*|complication\w*|flare\w*|scar\w*|case|league|key|role|inconvenience|delay)\b)|menor de edad|parental consent|my parents? (permission|consent|said|would|will|have to)|need (a |my )?parent|(does|do|would|will|should|must) (a |my )?(parent|guardian|mom|mum|dad)s? (have|need) to (come|sign|be there|be present|come with)|(1[0-7])(th|st|nd|rd) (birthday|bday|b-day)|i'?m a teen|teenager|my teen\b)/,
    when: (folded, match) => minorAboutAesthetics(folded, match),
  },
  {
    reason: 'minor',
    priority: 'medium',
    // A date of birth that makes the patient under 18 on the day the message came in, 18 included when the day
    // and month are not given ('born in 2011', 'DOB 03/14/2010', 'nasci em 2009'): unsure, a person reads it.
    pattern: BIRTH_DATE,
    when: (folded, match, on) =>
      (agesOn(match, on)?.youngest ?? 18) < 18 && minorAboutAesthetics(folded, match),
  },
  {
    reason: 'medical_concern',
    priority: 'medium',
    pattern:
      /\b(diabet(es|ic)|pre-?diabet\w*|aspirin|baby aspirin|ibuprofen daily|metformin|insulin|methotrexate|humira|biologics?|immunosuppress\w*|plaquenil|statins?|hashimoto\w*|graves|crohn\w*|colitis|fibromyalgia|bell'?s palsy|(for|with) my heart|heart (meds|medication|pills)|blood pressure (meds?|medication|medicine|pills?)|(pills|meds|medication|medicine|pastillas|medicamentos?|medicina) (for|para) (my |la |el |mi )?(blood pressure|heart|thyroid|sugar|presion|corazon|tiroides|azucar|diabetes)|(soy|es) (hipertens[oa]|alergic[oa]|asmatic[oa])|tiroides|hipertension|artritis|blood thinners?|anticoagula\w*|warfarin|coumadin|eliquis|xarelto|plavix|accutane|isotretinoin|autoimmune|lupus|multiple sclerosis|myasthenia|cancer|chemo(therapy)?|radiation|heart (condition|disease|problem|problems|attack|surgery)|pacemaker|high blood pressure|hypertension|epilep(sy|tic)|seizures?|(i'?m|im|i am) allergic|allergic to|allergy to|allergies to|keloids?|hiv|hepatitis|stroke|blood clots?|dvt|thrombos[ie]s|embolism|(contraceptive|birth control) (pills?|shots?|implant|patch)|(on|take|taking) (the )?(pill|birth control)|anticonceptiv[oa]s?|pilula anticoncepcional|antidepressants?|ssris?|anxiety (medication|meds)|asthma|kidney (disease|problems?)|liver (disease|problems?)|rheumatoid|psoriasis|cold sores?|fever blisters?|herpes|shingles|covid|the flu|bleeding disorder|hemophilia|immunocompromised|(on|taking|take) (any )?(medication|medications|meds|antibiotics|steroids|prednisone)|medical condition|health condition|thyroid|cancer|diabetic[oa]|anticoagulantes|alergic[oa] a|quimioterapia|presion alta|marcapasos|enfermedad|alergia (a|al|a la|de|con))\b/,
    // Someone else being ill is a reason to move an appointment ('my daughter has the flu, move her cleaning'); a
    // question about people in general, or a medicine the writer stopped long ago, is not the writer's condition.
    when: (folded, match) =>
      !(
        /^(covid|the flu)$/.test(match[0]) &&
        /\b(move|reschedule|cancel|push|another day|cambiar|mover|cancelar)\b/.test(folded)
      ) &&
      !askedAboutPeople(folded) &&
      !askedHowLikely(folded, match) &&
      // 'is it true ozempic causes thyroid cancer?', '¿el Ozempic da pancreatitis?': what a medicine does, asked.
      !whatATreatmentDoes(folded.slice(Math.max(0, match.index - 40), match.index)) &&
      !stoppedLongAgo(folded, match) &&
      !recoveredFrom(folded, match) &&
      !clearedByClinician(folded, match) &&
      !heartFigure(folded, match),
  },
  {
    reason: 'human_requested',
    priority: 'medium',
    pattern:
      /\b(real person|real human|actual person|actual human|live person|live agent|a human|human being|talk to (a |an |the )?(human|person|someone|somebody|anyone|manager|office manager|receptionist|front desk|doctor|nurse|representative|rep|staff)|(get|have|need|want) a (phone )?call (from|back)|call me back|a call from (someone|a person|staff|the office|your office)|speak (to|with) (a |an |the )?(human|person|someone|somebody|anyone|manager|doctor|nurse|representative|rep|staff|real)|(is this|are you|am i (talking|texting|chatting) (to|with)) (an? )?(bot|robot|machine|ai|automated|auto|computer|real)|(es|eres) (una )?maquina|stop (the )?bot|no (more )?bots?|not a bot|hablar con (una persona|alguien|un humano|una humana|(el|la) (dra?|doctora?|dr|gerente|encargad[oa]|enfermer[oa]|cirujan[oa]|dentista|coordinador[a]?|duen[oa])\b|la recepcion|recepcion)|with a (person|human|real person)|(coordinator|someone|somebody|anyone|a person|staff|the office|a nurse|the nurse|the doctor|the surgeon|dr\.? \w+|doctor \w+)( from (the|your) (office|clinic|practice|team))? (to |can |could |please |will |should )?(actually |just |please |really )?(call|phone|ring|contact) me|have (someone|somebody|a person|the doctor|dr\.? \w+) call|speak (to|with) (dr\.?|doctor) \w+|talk (to|with) (dr\.?|doctor) \w+|(?<!\b(my|our|his|her|their|mi|mis|su|sus|meu|minha|seu|sua|booking|travel|insurance|estate|leasing|talent|casting|sports|sales|ventas|vendas|secret|free|(i'?m|im|i am|soy|sou|as|como)( (an?|un|una|um|uma))?( \w+)?) )((an |a live |a real )?agent\b|representative|representante)|operator|persona real|eres (un )?robot|es un robot|(una|con una) persona|(talk|speak|chat) (to|with) (someone|somebody|a person|a human|staff|a staff member|the office)|(real|actual|live) (staff|staff member|person|human|receptionist)|(not|no) (a |an )?(text ?bot|bot|robot|automated (system|message|reply))|(a )?(person|human|real person) or (a )?(bot|robot|automated|machine|ai)|(bot|robot|automated|machine|ai) or (a )?(real )?(person|human)|(?<!\b(i'?m|im|i am|as|was|our|my) (the |an? )?)(practice|office|clinic) manager|(have|get|ask) (someone|somebody|a person|staff|the office|dr\.? \w+|the doctor) (from (the|your) (office|clinic|practice) )?(to )?(call|ring|phone) me|(someone|somebody|anyone)( from (the|your) (office|clinic|practice))? (to )?(call|ring|phone) me|(ring|phone) me|(give|gimme) me a (call|ring)|(que )?me llame(n)? (alguien|la doctora|el doctor|una persona|usted|ustedes)|me (puede|pueden|podria|podrian) llamar|llame(n)?me|hablar (con alguien|por telefono con)|alguien (de la oficina|del consultorio|de la clinica) (que )?me llame|(que )?(a |o )?(gerente|responsavel|doutora?|dra|dr|dona|dono|alguem|atendente) (me )?(telefonasse|telefone|telefonem|telefonar|ligasse|ligue|liguem|ligar|retorne|retornasse|retornar)|(me|nos) (telefone|telefonem|telefonasse|telefonassem|ligue|liguem|ligasse|ligassem)( por favor)?|(pode|podem|poderia|poderiam|consegue|conseguem|da pra) (\w+ )?me (ligar|telefonar|retornar)|falar com (a |o )?(gerente|responsavel|dono|dona|doutora?|dra|dr|alguem|uma pessoa|atendente|recepcao)|(tratar|falar|resolver) (o assunto |isso |disso )?pessoalmente|(hablar|tratar|resolver)(lo)? (el asunto |esto )?personalmente)\b/,
    when: (folded, match) =>
      !/\bno (more )?bots?\b/.test(match[0]) || /\b(person|human|someone)\b/.test(folded),
  },
  {
    reason: 'human_requested',
    priority: 'medium',
    pattern: new RegExp(String.raw`(?<![\p{L}])(?:${PERSON_REQUEST})(?![\p{L}])`, 'u'),
  },
  // A telephone for all the words ('📞', '📞🙏', '☎️ pls', '🤙?'): a call asked for, which a person makes.
  {
    reason: 'human_requested',
    priority: 'medium',
    pattern:
      /^[^\p{L}\p{N}]*(?:📞|☎|📲|🤙)[^\p{L}\p{N}]*(?:(?:pls|please|plz|asap|porfa|por favor|call me|llamame|me liga)[^\p{L}\p{N}]*)?$/u,
  },
];

/** What else a test comes back positive for. */
const OTHER_TESTS =
  /\b(covid|corona|flu|influenza|strep|rsv|hiv|std|sti|tb|tuberculosis|drug|antigen|pcr|rapid test|hepatitis|mono|covid-19|gripe|dengue|virus|patch|allergy|biopsy|lab|labs)\b/;

/**
 * Whether the rules read a sign word as something other than a sign of the writer's body now: an idiom, a question
 * about what a treatment does or how likely a sign is, a figure of speech of the heart, a nose long hard to breathe
 * through, an illness over or a medicine stopped long ago, a question about people in general.
 */
function readAsSomethingElse(folded: string, match: RegExpExecArray): boolean {
  return (
    idiom(folded, match) ||
    askedInGeneral(folded, match) ||
    heartFigure(folded, match) ||
    (/breath/.test(match[0]) && chronicNasal(folded)) ||
    recoveredFrom(folded, match) ||
    stoppedLongAgo(folded, match) ||
    askedAboutPeople(folded)
  );
}

/** When several apply, the first of these is the escalation (docs/product/ai-engine.md#escalation). */
const REASON_ORDER: EscalationReason[] = [
  'post_treatment_symptoms',
  'medical_concern',
  'pregnancy',
  'minor',
  'legal_threat',
  'billing_dispute',
  'complaint',
  'human_requested',
  'low_confidence',
];

/**
 * Every escalation trigger in the message, each reason once, in the order of REASON_ORDER; `on`: the day the
 * message came in.
 */
export function findEscalations(text: string, on: Date = new Date()): EscalationFinding[] {
  return readEscalations(text, on).findings;
}

/**
 * Whether the message names a symptom or a condition and the rules, having read each such word, set every one
 * aside: negated ('zero irritação', 'no pain at all'), gone ('ya está perfecto'), an old result, read or heard about,
 * or someone else's illness told to move an appointment. The learned reader's medical reading of such a message is
 * not borne out (learned/combine.ts). A word a rule passed over for want of context (its `when`), or a message whose
 * symptom words the rules do not know, is left to the reader.
 */
export function symptomsExplainedAway(text: string): boolean {
  const { findings, setAside, unread } = readAgain(text);
  return (
    MEDICAL_READINGS.some((reason) => setAside.has(reason)) &&
    !MEDICAL_READINGS.some((reason) => unread.has(reason)) &&
    !findings.some((finding) => MEDICAL_READINGS.includes(finding.reason))
  );
}

/** A subject that speaks of the writer, of now or of haste: not a mere heading. */
const SUBJECT_OF_THE_WRITER =
  /\b(i|i'?m|im|i'?ve|me|my|mine|mi|mis|yo|tengo|estoy|eu|meu|minha|estou|tenho|still|now|today|tonight|yesterday|ago|last|since|\d+ (hours?|days?|weeks?)|ahora|hoy|ayer|anoche|hace|desde|agora|hoje|ontem|urgent\w*|emergenc\w*|help|asap|ayuda|socorro|please|por favor)\b/;

/**
 * Whether an e-mail's subject only names the topic of its body ('Blood clots after tummy tuck?', 'Swelling after
 * filler'): a short heading that does not speak of the writer, of a time or of haste, whose sign the body names again
 * and reads as a question in general, heard of, someone else's or gone, finding none of the writer's own. The
 * subject's symptom is then a heading, not a report. A body that does not name the subject's sign ('Purple lip after
 * filler' over 'is that normal?') leaves the subject to speak for it.
 */
export function subjectIsTheTopic(subject: string, body: string): boolean {
  const heading = foldKeepingPositions(subject);
  if (heading.split(/\s+/).filter(Boolean).length > 10 || SUBJECT_OF_THE_WRITER.test(heading)) return false;
  const signs = heading.match(new RegExp(SIGN_WORD.source, 'gu')) ?? [];
  const folded = respell(foldKeepingPositions(body)).text;
  // The same sign in the singular or the plural ('Blood clots …' over 'the odds of a blood clot').
  const named = (sign: string) =>
    new RegExp(String.raw`(?<![\p{L}])${sign.replace(/(es|s)$/, '')}(es|s)?(?![\p{L}])`, 'u').test(folded);
  if (!signs.some(named)) return false;
  const medical = (finding: EscalationFinding) => MEDICAL_READINGS.includes(finding.reason);
  const { findings, setAside, unread } = readAgain(body);
  return (
    MEDICAL_READINGS.some((reason) => setAside.has(reason) || unread.has(reason)) && !findings.some(medical)
  );
}

/**
 * A form's date-of-birth field (`date_of_birth`: 'DOB', 'fecha de nacimiento' …) that makes the patient under 18 on
 * the day the form came in, the message asking for more than a child's routine dental care: a minor, as if the
 * message had said so.
 */
export function minorByDateOfBirth(value: string, message: string, on: Date): EscalationFinding | null {
  const given = value.trim().slice(0, 40);
  if (!statedAges(`dob ${foldKeepingPositions(given)}`, on).some((age) => age.youngest < 18)) return null;
  if (childsDentalCare(respell(foldKeepingPositions(message)).text)) return null;
  return { reason: 'minor', priority: 'medium', evidence: `Date of birth: ${given}` };
}

/** The findings with one more, each reason once, in the order of REASON_ORDER. */
export function withFinding(
  findings: EscalationFinding[],
  finding: EscalationFinding | null,
): EscalationFinding[] {
  if (!finding || findings.some((found) => found.reason === finding.reason)) return findings;
  return inReasonOrder([...findings, finding]);
}

/** Findings sorted in the order of REASON_ORDER (the first a person reads is the one that wins). */
function inReasonOrder(findings: EscalationFinding[]): EscalationFinding[] {
  return findings.sort((a, b) => REASON_ORDER.indexOf(a.reason) - REASON_ORDER.indexOf(b.reason));
}

/**
 * The rules' reading of a text for the questions asked of it after the engine's own reading (`symptomsExplainedAway`,
 * `legalWordsPassedOver`, `subjectIsTheTopic`), the last text's kept: the learned reader's facts ask two of them of
 * the same words. Read only, never changed.
 */
const readAgain = oncePerText((text: string) => readEscalations(text));

/**
 * The rules' findings; the reasons one of whose words was set aside as negated, gone, heard of or someone else's;
 * and those one of whose words was passed over for want of context (a rule's `when`).
 */
function readEscalations(
  text: string,
  on: Date = new Date(),
): {
  findings: EscalationFinding[];
  setAside: Set<EscalationReason>;
  unread: Set<EscalationReason>;
  /** The words each rule passed over for want of context, by reason. */
  passedOver: { reason: EscalationReason; word: string }[];
} {
  // Read with a hurried message's spellings restored ('swolen', 'bleedin', 'sooo'); quote the original.
  const respelled = respell(foldKeepingPositions(text));
  const { origin } = respelled;
  // 'Sent from my iPhone' says nothing about the writer's body ('from my' would read as after a treatment).
  const folded = respelled.text.replace(/\b(sent from my|enviado desde mi)\b[^\n.!?]{0,25}/g, (found) =>
    ' '.repeat(found.length),
  );
  signature = signatureOf(folded);
  const named = findProcedures(text, []);
  treatmentNamed = TREATMENT.test(folded) || named.some((found) => found.key !== 'emergency-dental');
  surgeryNamed = named.some((found) => !found.key.startsWith('practice:') && !isDentalKey(found.key));
  const findings = new Map<EscalationReason, EscalationFinding>();
  const setAsideReasons = new Set<EscalationReason>();
  // Where words were set aside as someone else's, and the words a rule passed over for want of context: the
  // mother's fever one rule set aside is not left unread because another rule wanted a treatment before it. (A
  // negation is not so sure a reading: 'haven't kept anything down' is a sign.)
  const setAsideAt: [number, number][] = [];
  const passedOver: { reason: EscalationReason; at: [number, number]; word: string }[] = [];
  const span = (match: RegExpExecArray): [number, number] => [match.index, match.index + match[0].length];
  for (const rule of RULES) {
    if (findings.has(rule.reason)) continue;
    const pattern = new RegExp(rule.pattern.source, `${rule.pattern.flags.replace('g', '')}g`);
    let setAside = 0;
    for (let match = pattern.exec(folded); match; match = pattern.exec(folded)) {
      if (inSignatureName(match.index, text, origin[match.index] ?? 0)) continue;
      if (
        ((rule.negatable ?? true) && isNegated(folded, match.index)) ||
        (rule.resolvable && (saidToBeGone(folded, match) || anOldResult(folded, match))) ||
        (MEDICAL_READINGS.includes(rule.reason) &&
          (toldAsHearsay(folded, match) || recoveredFrom(folded, match) || foretold(folded, match)))
      ) {
        setAsideReasons.add(rule.reason);
        continue;
      }
      if (rule.when && !rule.when(folded, match, on)) {
        // A sign word the rules read as something else (a figure of speech, a question in general, a nose long
        // hard to breathe through, an illness over) is set aside; one passed over for want of context is unread.
        if (MEDICAL_READINGS.includes(rule.reason) && readAsSomethingElse(folded, match)) {
          setAsideReasons.add(rule.reason);
          setAsideAt.push(span(match));
        } else passedOver.push({ reason: rule.reason, at: span(match), word: match[0] });
        continue;
      }
      if (setAside < SOMEONE_ELSE_AT_MOST && aboutSomeoneElse(rule.reason, folded, match)) {
        setAside += 1;
        setAsideReasons.add(rule.reason);
        setAsideAt.push(span(match));
        continue;
      }
      const start = origin[match.index] ?? 0;
      const end = (origin[match.index + match[0].length - 1] ?? start) + 1;
      findings.set(rule.reason, {
        reason: rule.reason,
        priority: rule.priorityOf ? rule.priorityOf(folded, match) : rule.priority,
        evidence: excerptAround(text, start, end - start),
      });
      break;
    }
  }
  // A symptom after a treatment is reported once, as such.
  const medical = findings.get('medical_concern');
  const postTreatment = findings.get('post_treatment_symptoms');
  if (medical && medical.priority === 'high' && !postTreatment && post(folded)) {
    findings.delete('medical_concern');
    findings.set('post_treatment_symptoms', { ...medical, reason: 'post_treatment_symptoms' });
  }
  return {
    findings: inReasonOrder([...findings.values()]),
    setAside: setAsideReasons,
    unread: new Set(
      passedOver
        .filter(({ at: [from, to] }) => !setAsideAt.some(([start, end]) => start < to && from < end))
        .map(({ reason }) => reason),
    ),
    passedOver: passedOver.map(({ reason, word }) => ({ reason, word })),
  };
}

/**
 * The words of a legal threat the rules read and passed over, when they found none: a lawyer who is a friend or
 * the writer themself, 'mucha demanda', a court the writer works in. The learned reader's legal threat must stand on
 * other words (learned/combine.ts).
 */
export function legalWordsPassedOver(text: string): string[] {
  const { findings, passedOver } = readAgain(text);
  if (findings.some((finding) => finding.reason === 'legal_threat')) return [];
  return passedOver.filter(({ reason }) => reason === 'legal_threat').map(({ word }) => word);
}

// --- opt-out, wrong number, spam -----------------------------------------------------------------------

/**
 * Asking not to be written to, in Spanish and Portuguese, by the verbs' forms rather than by sentences: stopping
 * ('dejar de', 'parar de', 'deixar de') in the imperatives of ustedes and vosotros ('dejen', 'dejad'; 'deixem',
 * 'parem') and, with the pronoun of the writer, of tú and usted ('deja de mandarme', 'deixe de me ligar'), before a
 * verb of writing with its pronoun on either side ('dejad de mandarme', 'deixem de me enviar'); the infinitive of
 * receiving, with the messages named ('dejar de recibir estos correos'); a negated present subjunctive of a verb of writing ('no me mande', 'no me mandéis', 'ya no me
 * escriban'); and a subscription cancelled ('cancelar suscripción', 'cancelar a assinatura').
 */
const WRITING = String.raw`(mand|envi|escrib|escrev|llam|lig|contact|contat|molest|ench)(ar|ir|er)`;
const STOP_WRITING_ES_PT = [
  String.raw`(dej|par|deix)(en|em|ad|ai) de (me |nos )?${WRITING}(me|nos)?`,
  // 'dejé de llamar' (I stopped calling) is the singular imperative's spelling: the pronoun tells them apart.
  String.raw`(dej|par|deix)(a|e|as|es|eis|ar|ando) de ((me|nos) ${WRITING}|${WRITING}(me|nos))`,
  // 'dejé de recibir sus correos' tells of messages gone missing: only the infinitive asks.
  String.raw`(dejar|parar|deixar) de (recibir|receber) (\w+ ){0,2}(mensajes|mensagens|textos|correos|e-?mails|sms|promociones|promocoes|publicidad|publicidade|ofertas|notificaciones|notificacoes)`,
  String.raw`(ya )?no me (mand|envi|llam|contact|molest|texte)(e|es|en|eis)\b`,
  String.raw`(ya )?no me escrib(a|as|an|ais)\b`,
  String.raw`(cancelar|cancela|cancele|cancelen|anular|anulen) (mi |la |a |minha |esta |essa )?(suscripcion|subscripcion|assinatura)\b`,
].join('|');

const OPT_OUT_WHOLE =
  /^\s*(🛑|⛔|🚫|(🛑|⛔|🚫)\s*(🛑|⛔|🚫)+|stop|stop all|stopall|unsubscribe|unsub|cancel|cancel me|cancel all|end|quit|opt ?out|optout|remove|remove me|baja|alto|parar|basta|pare|parem|sair|chega)\s*[.!,]*\s*((please|pls|plz|por favor|porfa|now|ya|thanks|thank you|gracias|obrigad[oa])\s*[.!]*\s*)*$/;
const OPT_OUT = new RegExp(
  String.raw`\b(${STOP_WRITING_ES_PT}|unsubscribe|opt(ing)? ?out|opt (me|us|my number) out|remove me|remove (my|this) (number|info|information|name|email|phone|contact)|no longer need your (services|messages|texts)|basta de (mensajes|textos|llamadas|correos)|no me vuelvan a (llamar|escribir|contactar|mandar|enviar)|(quit|saqu)(en|ar|e)me de (su|la|sus|esta) lista|(saca|quita|borra)me de (su|la|tu|sus|tus|esta|esa) lista|take me off(?! (the|your|my) (schedule|calendar|books|appointment|waitlist|wait list|surgery))|delete (me|my (number|info|information|data|contact))|(stop|quit|cease) (texting|txting|messaging|msging|emailing|e-mailing|calling|contacting|sending|bothering|spamming|harass\w*)|(stop|quit|cease) (blowing up|flooding|bombarding|filling up|clogging( up)?) (my|me)\b|(stop|quit) (getting|receiving) (these|this|them|your|the|messages|texts|emails)|how (do|can) i (unsubscribe|opt out|stop ((the|your|ur|all|of|getting|receiving|these|those) )*((texts?|txts?|messages?|msgs?|e-?mails?|sms|calls?|promos?|promotions|notifications?|reminders?|newsletters?|marketing|ads|offers)\b|(this|these|those|them|it)\b[ ?.!]*$)|stop[ ?.!]*$)|(don'?t|do not|dont|never) (text|txt|message|email|e-mail|call|contact) (me|us|this number|again)|(don'?t|do not|dont|never|stop|quit) send(ing)? (me|us) (any |anymore |any more |more |these |those |your |ur |the )*(messages?|msgs?|texts?|txts?|emails?|e-mails?|sms|promos?|promotions)\b|(no|nae) more (messages|msgs|texts|txts|emails|calls|contact|mensajes|correos)|remove (me|us|the undersigned|my (details|name|number|contact details)) from (all|any|every|your)( \w+){0,2} (lists?|channels|communications?|contacts|database|mailings?)|no (me )?(manden|envien|escriban) mas|lose (my|this) number|leave me alone|not interested,? (stop|please stop|don'?t contact)|stop\b[.! ]*$|^stop\b|(?<=[.!?\n]\s*)stop(?=\s*[.!]+(\s|$))|dar(me)? de baja\b|darme de baja\b|de baja\b|ya no quiero (recibir|mensajes)|(ya no quiero|no quiero (mas|seguir)) recibir (mas )?(esto|eso|estos|estas|esos|esas)\b|(nao quero mais|nao quero continuar a|ja nao quero) receber (mais )?(isso|isto|esses|essas|estes|estas)\b|nao quero receber mais (isso|isto|esses|essas|estes|estas)\b|(don'?t|do not|dont) want to (get|receive|be getting) (this|these)( \w+)? (anymore|any more|no more)|no quiero (recibir|mas) (mensajes|textos|sms|correos|llamadas)|borren mi (numero|informacion)|(don'?t|do not|dont) want (these|your|any|any more|anymore)( more)? (texts|txts|messages|msgs|emails|e-mails|promos|promotions|calls|offers|ads)|(take|remove|drop|delete) (me|my (email|e-mail|number|name|info|address)) (off|from) (your|the|this|all) (\w+ )?(list|lists|mailing list|list of contacts)|no more (promos|promotions|marketing|offers|ads|advertising|specials)|not interested in (any more|more|your) (messages|texts|emails|promos|offers)|no (me )?interesan (sus|las|estas|esas|mas) (promociones|ofertas|mensajes|promos)|(saquen|saqueme|quiten|quitenme|borren|bajen|eliminen)(me)? de (su|sus|la|esta|estos) (lista|listas|base|mensajes|contactos|correos|textos)|(stop|quit|cease|end|halt) (all |any |the |your |further |text |sms |email |e-mail |phone )*(communications?|contact|correspondence|outreach)\b|no mas (mensajes|textos|correos|llamadas|promociones)|no quiero (mas )?(recibir )?(sus |estos |esos |mas )?(mensajes|textos|sms|correos|promociones|llamadas)|(stop|quit|cease) (sending |all |the |these |those |your |ur |marketing |promo |promotional |sales |advertising |automated ){1,4}(texts|txts|messages|msgs|emails|e-mails|sms|calls|promos|promotions|ads|offers)|^(baja|pare|parem|sair)( (por favor|porfa|please))?\s*[.!,;]|(tira|tire|tirem|remova|removam|exclua|excluam|retire|retirem|apague|apaguem)(-me| me)? ((o |a )?(meu|minha) (numero|contato|contacto|nome|e-?mail|telefone|morada)|(da|dessa|desta|das|dessas|de sua|da sua|de vossa) (lista|listas))|me (tira|tire|tirem|tirar|remova|removam|remover|exclua|excluam|excluir|retire|retirem|retirar) (da|dessa|desta|das|dessas|do|desse|deste) (lista|listas|cadastro|grupo)|nao (quero|desejo) (mais )?(receber|recebe) (mais )?(suas |essas |estas |as )?(mensagens|mensagem|textos|e-?mails|sms|promocoes|ligacoes)|nao me (mandem|mande|enviem|envie|liguem|ligue|escrevam|escreva|procurem|procure)( mais|( \w+)? (mensage(m|ns)|msgs?|textos?|sms|e-?mails?|promocoes))|nao (mandem|mande|enviem|envie) mais (nada|mensage(m|ns)|msgs?|textos?|sms|e-?mails?|promocoes)|descadastr\w+|(desuscrib|desinscrib|desubscrib)(ir|a|an|e|en)(me|nos)?\b|desinscrev(er|a|am)(-?me)?\b|(quero |queria |gostaria de )?sair d[ae] (sua |vossa |essa |esta )?(lista|listas)|cancelar (a )?(minha )?inscricao|chega de (mensagens|mensagem|textos|sms|ligacoes|e-?mails|promocoes)|(don'?t|do not|dont) want (you|u|you guys|y'?all|anyone|your office)( \w+)? to (text|txt|message|email|e-mail|call|contact|send|keep (texting|messaging|emailing|calling|sending))\b|no quiero que (me )?(sigan |vuelvan a )?(manden|envien|escriban|llamen|contacten|sigan (mandando|enviando|escribiendo|llamando))\b|nao quero que (voces |vcs |vc )?(me )?(continuem (a )?|voltem a )?(mandem|enviem|liguem|escrevam|fiquem (mandando|ligando)|continuem (mandando|enviando|ligando)))`,
);

/** A negation, with only words of emphasis after it, ending right where the words of stopping begin. */
const NEGATED_STOP =
  /\b(don'?t|do not|dont|never|no me|nao me|(don'?t|do not|dont|no|nao) (want|wish|need|quiero|quero|deseo|desejo|necesito|preciso)( (you|u|you guys|y'?all|them|que|que voces|que vcs|que ustedes))?( to)?( be| get)?|(i'?m|im|i am|we'?re|i was) not( (trying|going|looking|asking|wanting|meaning|here) to)?|not (trying|going|looking|asking|wanting|meaning) to)( (you|u|ya|ever|even|dare|please|pls|den|deem|de|nunca|jamas|jamais|really|realmente))* $/;
/**
 * Spanish and Portuguese negate an imperative with a bare 'no' / 'não' ('no dejen de escribirme', 'não parem de
 * mandar', 'no me quiero dar de baja'); in English a bare 'no' before 'stop' is an answer ('no stop texting me').
 */
const NEGATED_STOP_ES_PT =
  /\b(no|nao)( me| nos)?( (quiero|quero|queremos|deseo|desejo|quiere))?( (que|nunca|jamas|jamais))? $/;
const ENGLISH_STOP =
  /^(stop|quit|cease|unsub|opt|remove|take|delete|don|do |dont|never|not|lose|leave|how|no more)/;
/**
 * A request about when, not whether: 'don't text me so early', 'no me manden mensajes tan temprano', 'stop texting
 * me before 9', 'não me mandem mensagem tão cedo'. Read in the clause the words of stopping begin, up to its first
 * comma ('stop texting me, it's too late for that' still stops).
 */
const ONLY_WHEN =
  /^[^.!?;,\n]{0,60}?\b((so|this|that|such) (early|late)|too early|(before|after|past) (\d{1,2}(:\d\d)? ?(am|pm|h)?|noon|midnight|dark|work)|at (night|work|dinner|\d{1,2}(:\d\d)? ?(am|pm|h)?)|(late )?at night|in the (middle of the night|early morning|mornings?)|on (the )?(weekends?|sundays?|saturdays?)|during (work|the (work ?)?day|class|meetings)|while i'?m at work|tan (temprano|tarde)|de (noche|madrugada)|en la (noche|madrugada)|(antes|despues) de las|a (estas|esas) horas|a (esta|essa|estas|essas) hora|tao (cedo|tarde)|de manha cedo|(a|de|durante a) noite|de madrugada|(antes|depois) das)\b/;
/** A call asked for in place of messages: 'call me instead', 'mejor llámenme', 'prefiro que me liguem'. */
const CALL_INSTEAD =
  /\b((just|please|pls|better to|better if you|rather you|easier to|easier if you|can you|could you|you can) (just )?(call|ring|phone) me|(call|ring|phone) me instead|give me a (call|ring)|(prefer|rather have) a (phone )?call|llamenme|me (pueden|puede|podrian) llamar|(mejor|prefiero que) me llamen|(pode|podem|poderiam) me ligar|(melhor|prefiro que) me liguem|me liguem)\b/;

/** A negation in the three words before a call asked for: 'do not call me', 'não me liguem'. */
const CALL_REFUSED = /\b(don'?t|do not|dont|never|not|no|nao|ni)\b( [^ ]+){0,2} ?$/;

/** A short decline to a follow-up: 'no thanks', 'not interested', 'already booked somewhere else'. */
const DECLINE =
  /^(no|nope|nah)?[ ,.!]*(thanks|thank you|thx|gracias)?[ ,.!]*(i'?m |im |i am )?(not interested|no longer interested|not interested anymore|no thanks|no thank you|all set|good thanks|i'?m good|no gracias|no me interesa|ya no me interesa)([ ,.!]*(thanks|thank you|gracias|anymore|already booked (somewhere|elsewhere)( else)?|found (another|someone else)( \w+)?))*[ .!]*$/;

/**
 * The sender's own opt-out instructions, the mark of bulk mail ('Reply STOP to opt out', 'to unsubscribe click
 * here'): not the writer asking to stop. Linear-time.
 */
const OPT_OUT_INSTRUCTION =
  /\b(reply|text|txt|send|respond with|responda|responde|envie|envia|escriba|mande) (stop|end|unsubscribe|remove|baja|pare|sair) (to|para)\b[^\n.]{0,40}|\b(unsubscribe|opt[ -]?out|to stop receiving|darse de baja|descadastrar)\s*[:\-–]\s*(reply|text|txt|send|click|responda|responde|envie|clique|haga clic)\b[^\n.]{0,40}|\b(you are|you'?re|you were) receiving this\b[^\n]{0,240}|\b(recibes|recibe|usted recibe|estas recibiendo|esta recibiendo) este (correo|mensaje|email)\b[^\n]{0,240}|\b(voce|vc) (esta )?recebendo (este|esta) (e-?mail|mensagem)\b[^\n]{0,240}|(?<!\b(want|wanna|like|love|need|wish|trying|tried|try|able|how|way|going|have|has|had|asked|asking|decided|please)\s)\bto (unsubscribe|opt out|stop receiving)\b[^\n.]{0,60}|\b(click|tap) (here )?to (unsubscribe|opt out)\b|\bpara (darse|darte|dar) de baja\b[^\n.]{0,40}|\bpara (cancelar (a |sua )*inscricao|se descadastrar|descadastrar|sair da lista|nao receber mais)\b[^\n.]{0,40}|\b(haga|de|clique|clic|click) (clic |click )?(aqui )?para (darse de baja|cancelar (la |su )*suscripcion|descadastrar)\b/g;
/**
 * A closing line whose one item is 'Unsubscribe' (a link's text), alone or among a footer's others ('Unsubscribe |
 * 123 Market St', 'Privacy · Manage preferences'), under a long message: a bulk mail's footer.
 */
const FOOTER_LINE =
  /\n[ \t]*([^\n]{0,120}[|•·][ \t]*)?(unsubscribe|unsubscribe here|opt out|manage (your |email )?preferences)[ \t.]*([|•·][^\n]{0,120})?$/;

/**
 * Messages asked to go to another address or number, not to stop: 'stop sending the reminders to my old email and
 * use this one instead', 'send them to my new number', 'mándenlos a mi otro correo'. Read on the folded text.
 */
export const ASKS_FOR_ANOTHER_ADDRESS =
  /\b((to|at|on) (my|the|this|that) (old|previous|former|other|wrong|work|personal) (\w+ )?(email|e-mail|mail|address|number|phone|cell|inbox|account)\b[^.!?\n]{0,80}\b(instead|new one|this one|use this|use my)\b|(use|to) (this|my new|the new|my other|my personal|my work) (one|email|e-mail|address|number|phone|cell|inbox) instead|(send|switch|change|move|update|redirect|forward|point) (it|them|these|those|the (newsletter|emails|e-mails|texts|messages|updates|promos|reminders)|(my|the) (email|e-mail|address|number|contact))( over)? (to|for) (my|a|another|the|this) (\w+ )?(email|e-mail|address|number|phone|inbox|account)|(send|text|email|e-mail) (it|them|these|those|everything|the \w+)( \w+)? to me (at|on) (this|my|the) (\w+ )?(number|phone|cell|email|e-mail|address|inbox)|(use|send (it|them|everything) to|reach me at|text me at|email me at|write to me at) ([^\s@]+@[^\s@]+\.[a-z]{2,}|\+?\d[\d ().-]{6,}\d)\W*(from now on|going forward|instead|in the future|now on)|(my |the |mi |el |o meu |meu )?(new|nuevo|novo) (one|number|cell|phone|email|e-mail|address|numero|correo|celular|telefono|telefone)( (number|nuevo|novo))?( is|'?s|:| es| e)\s*([^\s@]+@[^\s@]+\.[a-z]{2,}|\+?\(?\d[\d ().-]{6,}\d)|(mandenlos|envienlos|mandenlas|envienlas|mandarlos|enviarlos) a (mi|otro|este) (otro |nuevo )?(correo|numero|email)|(mandem|enviem|mandar|enviar) (para|pro) (o )?meu (outro |novo )?(e-?mail|numero|celular))\b/;

/** Right before a 'stop': something that will not stop ('won't', 'can't', 'never', 'make it', 'keeps … and won't'). */
const THING_NOT_STOPPING =
  /\b(won'?t|wont|will not|can'?t|cant|cannot|can not|couldn'?t|doesn'?t|does not|didn'?t|did not|wouldn'?t|never|make it|makes it|made it|to)\s+(just\s+|even\s+|seem to\s+)?$/;
/** What an opt-out word opts out of, when it is not the messages ('of the photo consent', 'of the membership'). */
const OPTED_OUT_OF_SOMETHING_ELSE =
  /^\s+of\s+(the\s+|my\s+|your\s+|this\s+|that\s+)?(photos?|pictures?|pics|before and afters?|consent|program|programme|membership|plan|auto ?(renew\w*|ship|pay)|subscription box|insurance|study|trial|raffle|giveaway|contest|sedation|anesthesia|surgery|procedure|treatment)\b/;
/** Messages said to be wrong ('the wrong appointment time', 'duplicate reminders'), not unwanted. */
const WRONG_CONTENT =
  /^\s+(me\s+)?(the\s+|these\s+|those\s+|your\s+)?(wrong|incorrect|duplicate|double|same \w+ twice|old|outdated|mixed up)\b|^\s*(me\s+)?(la|el|los|las|a|o|os|as|un|una|um|uma)\s+(\w+\s+){1,2}(equivocad[oa]s?|incorrect[oa]s?|errad[oa]s?|duplicad[oa]s?|repetid[oa]s?)\b/;
/** A word of stopping asked and answered no right after it: 'unsubscribe? never.', 'stop? no way'. */
const REFUSED_AT_ONCE =
  /^\s*\?+\s*(never|no way|nope|nah|not a chance|hell no|no chance|jamas|nunca|ni loca|ni loco|de ninguna manera|de jeito nenhum|nem pensar|jamais)\b/;
/** Where the writer is sent, when it is not messages they are sent ('to voicemail', 'in circles', 'back and forth'). */
const SENT_SOMEWHERE =
  /^\s+(me|us)\s+(to\s+(voice ?mail|the (voice ?mail|machine|answering machine|phone tree|bot|robot|wrong (office|location|department|person))|an? (machine|bot|robot|recording|phone tree|answering machine))|in circles|around|back and forth|from (one|person))\b/;
/** The messages still coming after an opt-out: 'still getting', 'you keep texting', 'why am I', 'again'. */
const STILL_COMING =
  /\b((?<!\b(will|would|can|could|should|do|does) i )still (get|getting|receive|receiving|coming)|keep (getting|receiving)|you (keep|still)|keeps? (texting|emailing|messaging|sending|coming)|again|why (am|do) i|why are you|yet (i|you)|sigo recibiendo|siguen (llegando|mandando|enviando)|ainda (recebo|estou recebendo|chegam)|continuo recebendo|continuam (mandando|enviando))\b/;
/** 'if you don't stop texting me …': a demand to stop, not a negated one. */
const IF_YOU_DONT = /\bif (you|u|y'?all|they|you guys)( all)? (don'?t|do not|dont|never|won'?t|wont) $/;
/** On leave, not leaving the list: 'estoy de baja', 'ando de baja', 'cuántos días de baja' (time off work). */
const ON_LEAVE = /\b(estoy|estaba|esta|estar|ando|sigo|sigue|estare|dias?|semanas?|meses|tiempo|periodo)\s+$/;
/** 'de baja' from something that is not the messages: 'del gimnasio', 'en el trabajo'. */
const BAJA_FROM_ELSE =
  /^[ \t]+((del|de la|de mi|de un|de una|en el|en la|en mi)[ \t]+(?!(lista|listas|mensajes|correos|textos|promociones|boletin|newsletter|suscripcion|sus|su|esta|este|estos)\b)|(mi|mis|el|la|los|las|un|una|nuestro|nuestra)[ \t]+(?!(numero|telefono|celular|correo|email|e-mail|suscripcion|contacto|informacion|datos|nombre|cuenta|lista|mensajes|textos)\b)\p{L}{3,})/u;
/**
 * The writer says in so many words that they want the messages to go on: a wish not to be taken off ('I do NOT want
 * to unsubscribe', 'no quiero darme de baja', 'não quero sair da lista') or to keep receiving them ('please keep
 * sending me the reminders', 'quiero seguir recibiendo', 'continuem mandando'). A word of stopping the same message
 * only asks about, quotes or tells as a mistake is then a mention (`ASKED_ABOUT`, `QUOTED_*`, `BY_MISTAKE`); one it
 * asks for still stands ('take me off the newsletter, I still want to keep getting the reminders').
 */
const KEEPS_RECEIVING =
  /\b((don'?t|do not|dont|never) (want|wish|mean|meant|intend|intended) to (unsubscribe|opt out|be (removed|taken off|unsubscribed)|stop (getting|receiving))|(no|nunca) (quiero|quise|queria|deseo|quiere) (darme de baja|desuscribirme|desinscribirme|salirme|dejar de recibir|que me (den de baja|saquen|quiten|borren))|(nao|nunca) (quero|quis|queria|desejo|quer) (sair|me descadastrar|descadastrar|deixar de receber|que me (tirem|removam|descadastrem))|(keep|continue|go on) (sending|texting|emailing|messaging)( me| us)?|(want|wanna|would like|like|need) to (keep|continue) (getting|receiving)|keep me on (the|your) (list|texts|emails|newsletter|reminders)|(seguir|continuar) recibiendo|sigan (mandando|enviando|mandandome|enviandome|escribiendome)|(seguir|continuar) recebendo|continuem (me )?(mandando|enviando))\b/;
/**
 * A word of stopping asked about ('Re: Unsubscribe?') or quoted as a button's name ("le di a 'darme de baja' por
 * error"): mentioned, not asked for. Read before and after the match.
 */
const ASKED_ABOUT = /^\s*\?/;
/** Told as a mistake: 'alguien me dio de baja sin querer', 'my son hit STOP by accident'. */
const BY_MISTAKE =
  /\b(by (mistake|accident)|accidentally|on accident|sin querer|por error|por equivocacion|sem querer|por engano|por erro)\b/;
/** What a message said, told by the writer ('a text that says I'll be unsubscribed', 'un mensaje que dice que…'). */
const REPORTED_SPEECH =
  /\b((dice|decia|dijo|dicen|diz|dizia|disse|dizem|avisa|avisando|says|said|saying|told me|telling me)( que| that)?)\b[^.!?\n]*$/;
const QUOTED_BEFORE = /['"‘“«]$/;
const QUOTED_AFTER = /^['"’”»]/;
/** Removed from something that is not the messages: 'remove my name from the waitlist', 'from the schedule'. */
const REMOVED_FROM_ELSE =
  /^\s+from\s+(the\s+|your\s+|my\s+|that\s+|this\s+)?(wait ?list|waiting list|stand ?by( list)?|cancellation list|schedule|calendar|books|appointment|booking|surgery|class|roster|group chat)\b/;

/** The messages wanted back ('unsubscribed by mistake', 'add me back', 'resubscribe me', 'volver a recibir'). */
const WANTS_BACK_IN =
  /\b((unsubscribed|opted out|clicked unsubscribe|hit unsubscribe|removed myself|me di de baja|me desuscribi|me desinscribi|cancele (la |mi )?suscripcion|me descadastrei|cancelei a inscricao|sai da lista)\b[^.!?\n]{0,40}\b(by (mistake|accident)|accidentally|on accident|sin querer|por error|sem querer|por engano)|(puse|mande|envie|escribi|type?d|sent|texted|hit|replied|pressed|clicked|mandei|enviei|escrevi|apertei) (\w+ )?(stop|baja|pare|unsubscribe) (\w+ )?(sin querer|por error|by (mistake|accident)|accidentally|sem querer|por engano)|accidentally (typed|sent|texted|hit|replied|pressed|clicked) (\w+ )?(stop|unsubscribe)|(unsubscribed|opted out|me di de baja|me descadastrei)\b[^.!?\n]{0,60}\bbut (now )?(i|i'?m|i'?d|im) (would like|want|wanna|am ready|am interested|'?d like|ready|interested)|(add|put|sign) me back|get me back (on|in|to) (the |your )?(list|texts|emails|newsletter|messages)|resubscribe|re-subscribe|subscribe me again|volver a recibir|voltar a receber|(volver a|vuelvan a) agregar(me)?|agreguenme (de nuevo|otra vez|a la lista)|agregar(me)? (de nuevo|otra vez|a la lista)|incluyanme de nuevo|me coloquem de volta|me (adicionem|incluam|coloquem) (de novo|novamente))\b/;

function withoutInstructions(folded: string): string {
  const blank = (found: string) => ' '.repeat(found.length);
  const cleaned = folded.replace(OPT_OUT_INSTRUCTION, blank);
  const footer = FOOTER_LINE.exec(cleaned);
  if (!footer || cleaned.slice(0, footer.index).split(/\s+/).length < 20) return cleaned;
  return cleaned.slice(0, footer.index) + blank(footer[0]);
}

/** The words of an opt-out a hurried writer misspells ('stpo', 'unsubcribe', 'remvoe', 'vaja'). */
const OPT_OUT_KEYWORDS = ['stop', 'unsubscribe', 'remove', 'baja'];
/** At most this many words: a misspelt keyword is read as the keyword only in a short message. */
const SHORT_MESSAGE_WORDS = 6;

/**
 * Whether `word` is `keyword` with one slip of the fingers: two neighbouring letters swapped, a letter missing or
 * one too many inside the word, or (Spanish) a 'v' for a 'b'. Not another letter in its place ('shop', 'remote'),
 * nor a letter more or less at its end ('stops', 'removed', 'top'): those are words of their own.
 */
export function slipOf(word: string, keyword: string): boolean {
  if (word === keyword) return false;
  if (word.length === keyword.length) {
    if (word.replace(/v/g, 'b') === keyword) return true;
    if (keyword === 'baja') return false;
    const differ = [...word].flatMap((letter, at) => (letter === keyword[at] ? [] : [at]));
    return (
      differ.length === 2 &&
      differ[1] === differ[0] + 1 &&
      word[differ[0]] === keyword[differ[1]] &&
      word[differ[1]] === keyword[differ[0]]
    );
  }
  if (keyword === 'baja') return false;
  const [shorter, longer] = word.length < keyword.length ? [word, keyword] : [keyword, word];
  if (longer.length - shorter.length !== 1 || shorter.length < 4) return false;
  for (let at = 1; at < longer.length - 1; at += 1) {
    if (longer.slice(0, at) + longer.slice(at + 1) === shorter) return true;
  }
  return false;
}

/** A message that is one word spelt out a letter at a time ('S T O P', 's.t.o.p', 'B-A-J-A'). */
const SPELT_OUT = /^\s*\p{L}([\s.\-_*]{1,3}\p{L}){2,15}[\s.!]*$/u;

/**
 * A short message with its misspelt opt-out keywords written right (same length where it can be), and a word spelt
 * out a letter at a time written as the word.
 */
function keywordsRespelt(folded: string): string {
  if (SPELT_OUT.test(folded)) return folded.replace(/[^\p{L}]/gu, '');
  if (folded.split(/\s+/).length > SHORT_MESSAGE_WORDS) return folded;
  return folded.replace(
    /\p{L}+/gu,
    (word) => OPT_OUT_KEYWORDS.find((keyword) => slipOf(word, keyword)) ?? word,
  );
}

/**
 * Whether the message has words of stopping the rules know and the rules, having read them, set them aside:
 * negated ('I'm not opting out'), another address or channel asked for, the messages wanted back, something else
 * stopped, an hour asked for. The learned reader's opt-out does not stand against that reading
 * (learned/combine.ts). A 'stop' only passed over in a long message ('stop' with nothing of messages) is not set
 * aside: the reader may still read it.
 */
export function optOutWordsSetAside(text: string): boolean {
  const { optOut, setAside } = readOptOut(text);
  return optOut === null && setAside;
}

export function findOptOut(text: string): string | null {
  return readOptOut(text).optOut;
}

/** The opt-out the rules read, and whether they read words of stopping and set each of them aside. */
function readOptOut(text: string): { optOut: string | null; setAside: boolean } {
  const none = { optOut: null, setAside: false };
  const setAsideAll = { optOut: null, setAside: true };
  const folded = keywordsRespelt(withoutInstructions(foldKeepingPositions(text).trim()));
  if (OPT_OUT_WHOLE.test(folded) || DECLINE.test(folded)) return { optOut: text.trim(), setAside: false };
  // 'I unsubscribed by accident, add me back': the messages wanted back.
  if (WANTS_BACK_IN.test(folded)) return setAsideAll;
  const keepsReceiving = KEEPS_RECEIVING.test(folded);
  if (!OPT_OUT.test(folded)) return none;
  // 'don't text me, call me instead': another channel asked for (a call, which a person makes), not silence.
  const call = CALL_INSTEAD.exec(folded);
  if (call && !CALL_REFUSED.test(folded.slice(Math.max(0, call.index - 30), call.index))) return setAsideAll;
  // 'stop sending them to my old email, use this one': another address asked for, not silence.
  if (ASKS_FOR_ANOTHER_ADDRESS.test(folded)) return setAsideAll;
  // 'no more calls, text only': another channel asked for, not silence.
  if (
    /\b(text|txt|email|e-mail|message)s?( me)? (only|instead)\b|\b(only|just) (text|txt|email|e-mail)( me)?\b|\b(text|txt|email|e-mail|message|call|ring|whatsapp)( \w+){1,3} instead\b|\b(manda|mande|mandem|envia|envie|enviem|escreve|escreva|mandame|mandenme|escribeme|escribanme|envienme)( \w+){0,2} (mensagem|msg|texto|sms|e-?mail|whatsapp|zap|mensaje|correo) (no|pelo|por|pro|al|a mi) (celular|whatsapp|zap|e-?mail|correo|meu \w+|mi \w+)\b|\b(en vez de|em vez de|en lugar de|ao inves de) (llamar|ligar|mensajes|mensagens|textos|correos|e-?mails)\b|\b(prefer|rather have|'?d rather get) (texts?|txts?|text messages|texting|emails?|e-?mails|emailing|whatsapp|sms|a text|an e-?mail|calls?|phone calls?|a call)\b|\b(texts?|texting|emails?|e-?mail|whatsapp) (is|are|works?) (better|best|easier)\b|\b(mejor|melhor|prefiero|prefiro|only|solo|so|apenas)( recibir(los)?| receber| que me (escriban|manden|mandem|escrevam))? (por|pelo|pela|al|via|by|on) (whatsapp|zap|correo|e-?mail|mensaje|texto|telefono|celular|sms|text)\b|\b(mejor|melhor|prefiero|prefiro|solo|so|apenas|mas bien)( \w+)? (por aqui|por aca|aqui mismo|aqui mesmo|por este (chat|medio|numero|whatsapp))\b/.test(
      folded,
    )
  )
    return setAsideAll;
  // Each way of stopping the message holds, in order: a bare 'STOP' subject that does not count on its own in a
  // long message leaves the 'stop emailing me' of its body to be read.
  const words = folded.split(/\s+/).length;
  // Whether a 'stop' was only passed over (a long message with nothing of messages), not read and set aside.
  let passedOver = false;
  const matches = new RegExp(OPT_OUT.source, `${OPT_OUT.flags.replace('g', '')}g`);
  for (let match = matches.exec(folded); match; match = matches.exec(folded)) {
    if (
      /\b(don'?t|do not|dont|never) stop\b/.test(folded) &&
      !/\bif (you|u|y'?all|they|you guys)( all)? (don'?t|do not|dont|never) stop\b/.test(folded) &&
      !/unsubscribe|remove me|no more|text|txt|messag|msg|email|sms|promo|ads|offers|calls/.test(match[0])
    )
      return setAsideAll;
    // The words of stopping negated right before them, however emphatic: 'don't you dare stop sending the
    // reminders', 'please do not remove me from the waitlist', 'no me den de baja'.
    const before = folded.slice(Math.max(0, match.index - 50), match.index);
    if (NEGATED_STOP.test(before) && !IF_YOU_DONT.test(before)) continue;
    if (NEGATED_STOP_ES_PT.test(before) && !ENGLISH_STOP.test(match[0])) continue;
    // Asked not to be written to at some hour, not to be left alone: the calling hours hold the reply.
    if (ONLY_WHEN.test(folded.slice(match.index + match[0].length))) continue;
    // 'stop' as a word of the inquiry ('how do I stop sweating', 'stop by') is not an opt-out.
    if (/^stop (by|in|at|over|into|on over)\b/.test(folded.slice(match.index))) continue;
    // Something else that does not stop ('the itching won't stop', 'I can't stop', 'make it stop'), or a symptom
    // to be stopped ('stop the bleeding how?'): not the messages.
    if (/^stop\b/.test(match[0]) && THING_NOT_STOPPING.test(before)) continue;
    if (
      /^stop$/.test(match[0]) &&
      SIGN_OR_CONCERN.test(folded.slice(match.index + match[0].length, match.index + match[0].length + 30))
    )
      continue;
    // 'de baja' from something else, or on leave ('me di de baja del gimnasio', 'estoy de baja en el trabajo').
    if (
      /de baja$/.test(match[0]) &&
      (ON_LEAVE.test(before) || BAJA_FROM_ELSE.test(folded.slice(match.index + match[0].length)))
    )
      continue;
    // 'stop, is this the dentist?': asking who writes, not stopping; 'Stop.' alone stays the keyword.
    if (
      /^stop$/.test(match[0]) &&
      match.index === 0 &&
      /^stop\s*,\s*[^.!]*\?\s*$/.test(folded) &&
      !/text|txt|messag|msg|email|call|contact|spam|send/.test(folded)
    )
      continue;
    // 'I unsubscribed from the promos': a report of what was done, unless the messages still come ('I already
    // unsubscribed, why am I still getting these?').
    if (
      /^unsubscribe$/.test(match[0]) &&
      /^d\b/.test(folded.slice(match.index + match[0].length)) &&
      !STILL_COMING.test(folded)
    )
      continue;
    // The word naming a topic ('unsubscribe question', 'the unsubscribe link doesn't work'), not asking for it.
    if (
      /^unsubscribe$/.test(match[0]) &&
      /^ (question|questions|issue|link|button|problem|help|page|option|query|inquiry|setting|settings|confirmation|confirmed|notice|notification|receipt|request)\b/.test(
        folded.slice(match.index + match[0].length),
      )
    )
      continue;
    // The messages wanted to go on, and this word of stopping only asked about, quoted or told as a mistake ('Re:
    // Unsubscribe? I do NOT want to unsubscribe').
    const after = folded.slice(match.index + match[0].length);
    if (
      keepsReceiving &&
      (ASKED_ABOUT.test(after) ||
        (QUOTED_BEFORE.test(before) && QUOTED_AFTER.test(after)) ||
        BY_MISTAKE.test(sentenceAt(folded, match.index).sentence) ||
        REPORTED_SPEECH.test(before))
    )
      continue;
    // A name removed from something other than the messages ('remove my name from the waitlist').
    if (/^remove\b/.test(match[0]) && REMOVED_FROM_ELSE.test(after)) continue;
    // An opt-out of something other than the messages ('opt out of the photo consent').
    if (
      /(opt(ing)? ?out|opt (me|us|my number) out|unsubscribe)$/.test(match[0]) &&
      OPTED_OUT_OF_SOMETHING_ELSE.test(folded.slice(match.index + match[0].length))
    )
      continue;
    // The word of stopping asked and refused at once ('unsubscribe? never.', 'stop? no way', '¿darme de baja? jamás').
    if (REFUSED_AT_ONCE.test(folded.slice(match.index + match[0].length))) continue;
    // Messages said to be wrong, not unwanted ('stop sending me the wrong appointment time').
    if (WRONG_CONTENT.test(folded.slice(match.index + match[0].length))) continue;
    // The writer sent somewhere, not sent messages ('stop sending me to voicemail', 'quit sending me in circles').
    if (/sending$/.test(match[0]) && SENT_SOMEWHERE.test(folded.slice(match.index + match[0].length)))
      continue;
    // 'Stop.' standing alone as the first sentence is the carrier keyword, whatever follows it ('Stop! You had me
    // at $11' is delight).
    // …and a 'STOP' standing alone as the last sentence of a message about the messages ('you keep spamming me. STOP'),
    // or as any of its sentences when written in capitals, as the keyword is ('you texted me at 6am. STOP. I mean it').
    const aboutMessages = /text|txt|messag|msg|email|sms|spam|promo|\bads\b|offers|calls/.test(folded);
    const keywordSentence =
      (match.index === 0 && /^stop\s*\.+(\s|$)/.test(folded)) ||
      (/(^|[.!?\n]\s*)$/.test(before) && /^[\s.!]*$/.test(after) && aboutMessages) ||
      (/(^|[.!?\n]\s*)$/.test(before) &&
        /^\s*[.!]+(\s|$)/.test(after) &&
        /(^|[^A-Za-z])STOP([^A-Za-z]|$)/.test(text) &&
        aboutMessages);
    if (
      !keywordSentence &&
      /^stop\b/.test(match[0]) &&
      !/text|txt|messag|msg|email|sms|calls|calling|promo|ads|offers|contacting|sending|bothering|spamming|harass|getting|receiving|blowing|flooding|bombarding|filling|clogging/.test(
        match[0],
      ) &&
      words > 6
    ) {
      passedOver = true;
      continue;
    }
    return { optOut: excerptAround(text, match.index, match[0].length), setAside: false };
  }
  return { optOut: null, setAside: !passedOver };
}

/**
 * Statements that the message reached the wrong person. Asking who is writing ('who is this?', '¿quién es?',
 * 'not sure who this is') is not one: the writer may well be the lead, so it is a request for help (the
 * practice's help text answers it) and outreach goes on (understand.ts, the help cue).
 */
const WRONG_NUMBER =
  /\b(wrong (number|person|#|chat|thread|convo|conversation)|(?<!(el|o|um|un|otro|outro|mi|meu|su|seu) )numero (errado|equivocado)|(that|this) (wasn'?t|was not|isn'?t|is not) (meant )?for (you|u)\b|meant to send (that|this|it) to|wrong num|meant to (text|call|message|email|reach|contact) (someone|somebody) else|(someone|somebody) else'?s? (number|phone)|(have|got|texted|called|reached|messaged|texting|calling) the wrong (?!(?:date|time|day|address|email|price|amount|information|info|appointment|procedure|location|office|spelling|card|insurance|code|number of|one|idea)\b)[a-z]+\b|(este|esto|ese) no es (el )?(numero|telefono|celular|whatsapp) de|(este|ese|esse|el|o) (numero|telefono|celular|whatsapp) (ya no es|no es|nao e|ja nao e) (mais )?(de|del|do|da)\b|(got|have|texted|texting|called|calling) the wrong (guy|girl|person|lady|man|number)|not the (patient|person|one) (you'?re|you are|u r) looking for|this number belongs to|i (never|did not|didn'?t|have not|haven'?t) (signed up|sign up|fill(ed)? out|submit(ted)?|request(ed)?|contact(ed)?|ask(ed)? for|inquire|inquired|reach(ed)? out)|(?<=(?:^|[.!?;:]\s*|\b(?:this|that|it|that'?s|it'?s)\s(?:is\s|was\s)?))not (me|my (number|form|request))|(don'?t|do not) know (anyone|anybody) (named|called|by)|no (one|body) (here )?(by|named) that|there is no \w+ here|(there'?s|theres) no \w+ (living |who lives )?here|no (one|body) (named|called) \w+ (lives|works) here|(aqui|aca) no (vive|hay|trabaja) (ningun[oa]?|nadie que se llama|nadie llamad[oa]) \w+|(aqui|aca) nao (mora|tem|trabalha) (nenhum[a]?|ninguem chamad[oa]) \w+|(this|that) (is not|isn'?t) \w+'?s? (number|phone)|this is not \w+[.!,]|(this|that) (isn'?t|is not) \w+|(doesn'?t|does not|no longer) (have|has|use|uses|own) this (number|phone)|(has|got) a new number|not \w+'?s (number|phone) any ?more|numero equivocado|equivoc\w* de (numero|persona)|(ese|este|that'?s|that is) (no es|not) mi (nombre|numero)|(that'?s|that is|this is) not my name|no me llamo \w+|no (soy|conozco a) |yo no (me registre|llene|pedi|solicite)|nunca (me registre|llene|pedi|solicite)|(have|got) me (confused|mixed up) with|(confused|mixed) me (up )?with (someone|somebody)|i'?ve never been (to|a patient)|i have never been (to|a patient)|never been (to )?(a|your|this|any) (med ?spa|clinic|office|practice|dentist|spa)|(me llego|me llegaron|recibi|recibo|me mandaron) (su|este|el|sus|estos|un) (\w+ )?(correo|mensaje|email|e-mail|texto|sms)s? por error|no soy (su |de sus )?(paciente|cliente)|(acho que )?(e|foi|deve ser) (um )?engano|nao sou (o|a) (?!(unic[oa]|primeir[oa]|melhor|mesm[oa]|pessoa certa)\b)[a-z]{3,}\b|nao sou (sua |seu )?(paciente|cliente))/;

/** Words that follow 'this is not' without naming anyone ('that is not what I asked', 'this isn't fair'). */
const NOT_A_NAME =
  /^(what|how|why|when|where|who|right|fair|ok|okay|true|correct|acceptable|working|the|a|an|my|your|it|that|this|resolved|fixed|enough|good|normal|cool|fine|funny|free|included|covered|possible|going|happening|supposed|about|for|to|just|only|so|too|very|really|muy|lo|tan|justo|correcto)$/;

export function findWrongNumber(text: string): string | null {
  const folded = foldKeepingPositions(text);
  const match = WRONG_NUMBER.exec(folded);
  if (!match) return null;
  // 'you have the wrong Jordan' names a person; 'I got the wrong shade' is about a treatment.
  const wrongWhat = /\bthe wrong ([a-z]+)$/.exec(match[0]);
  if (
    wrongWhat &&
    !/^(guy|girl|person|lady|man|woman|dude|number|num)$/.test(wrongWhat[1]) &&
    !/^\p{Lu}/u.test(text.slice(match.index + match[0].length - wrongWhat[1].length))
  )
    return null;
  // 'who is the injector' is a question about the practice, 'I've never been to a med spa, what is Botox like'
  // a first-timer's; 'who is this' or 'never been to a med spa' with no other inquiry is not.
  if (
    /^(who|wh?o|quien)|never been|wrong (chat|thread|convo|conversation)|for (you|u)$|meant to send/.test(
      match[0],
    )
  ) {
    const rest = folded.replace(match[0], ' ');
    if (
      /\b(botox|filler|appointment|price|cost|book|consult\w*|procedure|treatment|doctor|injector|surgeon|cita|precio)\b/.test(
        rest,
      )
    ) {
      return null;
    }
  }
  if (
    /^no (soy|conozco) (?!(su |de sus )?(paciente|cliente))/.test(match[0]) &&
    !/\b(numero|mensaje|persona|quien)\b/.test(folded)
  )
    return null;
  // 'é engano' only in a short message: 'acho que é engano o valor da fatura' is about a bill.
  if (/engano$/.test(match[0]) && folded.trim().split(/\s+/).length > 12) return null;
  // 'this isn't Maria', 'no soy Carla' name someone; 'if this isn't resolved', 'that is not what I had done', 'no soy
  // muy buena con los correos' in a longer message do not.
  const loose = /^((this|that) (isn'?t|is not|isnt)|this is not|no soy|no conozco a) /.exec(match[0]);
  if (loose) {
    const next = /^\s*([\p{L}']+)/u.exec(text.slice(match.index + loose[0].length))?.[1] ?? '';
    const short = folded.trim().split(/\s+/).length <= 8;
    // 'this is not me, never filled out any form': the writer denies being the one meant.
    if (/^me$/i.test(next)) return excerptAround(text, match.index, match[0].length);
    if (NOT_A_NAME.test(next.toLowerCase())) return null;
    if (
      !short &&
      !/^\p{Lu}/u.test(next) &&
      !/^(la|el) (persona|que)\b/.test(folded.slice(match.index + loose[0].length))
    )
      return null;
  }
  return excerptAround(text, match.index, match[0].length);
}

const SPAM =
  /\b(our agency|(build|builds|design|designs) (\w+ )?websites|send you a proposal|we specialize in (helping|seo|marketing|web)|for (medical spas|med ?spas|clinics like yours|businesses like yours)|we help (plastic surgeons|surgeons|dentists|practices|clinics|med ?spas|businesses|doctors)|patient leads|(buy|purchase|order) ([\w,.$]+ ){0,4}leads|(verified|exclusive|targeted|qualified|fresh) (\w+ ){0,2}leads|leads (interested in|looking for|ready to book)|new patients? (per|a|every) (month|week)|(pacientes|clientes) nuevos (al|por|cada) mes|nuevos (pacientes|clientes) (al|por|cada) mes|(novos )?(pacientes|clientes)( novos)? (por|ao|todo) mes|somos (una|un|uma|um) (agencia|empresa|consultora|equipo|equipe) (de|especializad[oa])|(facebook|google|instagram|meta) ads|book a call|calendly|web (developer|designer)|(your|ur) (website|site) (loads|is slow|has|needs|could)|i can fix (it|your)|reviews for your business|(verified|5[- ]star|five[- ]star) (google )?reviews|(leading|reliable|trusted|professional) (supplier|manufacturer|distributor|wholesaler|vendor)s?|(supplier|manufacturer|distributor|wholesaler)s? of|wholesale|moq|factory (price|direct)|bulk (order|orders|pricing)|dear (sir\/madam|sir or madam|sir|madam)\W{0,3}(we are|we offer|our (company|agency|team|firm))|(you'?ve|you have) been (selected|chosen)|congratulations\W+you|claim (at|now|here|your)|bit\.ly|tinyurl|gana dinero|dinero desde casa|criptomonedas?|(want|like) to be your friend|make friends with you|lonely (woman|man|girl|lady)|dating site|seo|search engine optimi[sz]ation|rank (your|you|ur) (website|site|business|practice)|first page (of|on) google|page 1 of google|google ranking|backlinks?|guest posts?|web ?design|website (redesign|development|design)|redesign your website|digital marketing|marketing digital|(agencia|servicios) de marketing|ofrecemos (servicios|soluciones)|posicionamiento (seo|web|en google)|marketing (agency|services|team)|social media (management|marketing)|grow your (business|practice|revenue|clinic)|more (leads|patients|clients) for your|(increase|boost|grow|double|triple|10x|3x) your (\w+ )?(traffic|sales|revenue|ranking|bookings|leads|profits?|reviews)|(\d+[- ]day|start (your|a)) free trial|free trial (of|for) (our|the) (software|platform|app|tool|service|system)|no credit card (required|needed)|our (ai|software|platform|tool|app|crm|chatbot|ai receptionist|virtual receptionist)|(package|parcel|shipment|delivery) (could not|couldn'?t|cannot|can'?t|was not|wasn'?t) (be )?delivered|(update|confirm|verify) (your )?(delivery |shipping |billing |payment )?(address|details|account|payment|identity)\b|redelivery|(package|parcel|shipment) (is |has been |was )?(on hold|held|pending|suspended)|incomplete (delivery )?address|account (has been |was |is |got )?(suspended|locked|compromised|on hold)|staking|(returns|profits?|income) guaranteed|guaranteed (returns|profits?|income)|\d+ ?% (monthly|weekly|daily) (returns|profit)|invest in our|felicidades,? (ganaste|has ganado|usted ha ganado)|ganaste (un|una)|reclam(a|e) (aqui|ya|tu premio|su premio)|lead generation|(virtual|offshore) assistants?|outsourc\w+|app development|we are (a|an) (team|agency|company)|(dear|hello|hi) (business owner|website owner|site owner)|business proposal|partnership proposal|bitcoin|crypto(currency)?|btc|eth|ethereum|forex|nft|binance|investment opportunity|earn \$?\d|make money|work from home|passive income|casino|betting|viagra|cialis|payday loan|loan offer|you (have )?won|congratulations,? you|claim your (prize|reward)|free iphone|click (here|the link|below)|lorem ipsum|dolor sit amet|unsubscribe from (our|this) (list|newsletter)|(buy|cheap) (followers|likes|reviews))\b/;

/**
 * An audience or a list sold by the quantity: followers, likes, contacts, leads, a database of patients ('10k real
 * followers for $99', '10.000 contactos por solo $299', 'ofrecemos bases de datos de pacientes', 'lista de e-mails').
 */
const SOLD_AUDIENCE =
  /\b((\d[\d,.]*k?|thousands of|miles de|milhares de) (real |active |verified |targeted |genuine |organic |reales |activos |verificados |reais |ativos )?(followers|likes|views|subscribers|contacts|leads|emails|e-?mail addresses|reviews|seguidores|contactos|contatos|correos|registros|suscriptores|inscritos)\b[^.!?\n]{0,30}(for|por|per|solo|apenas|\$)|(grow|boost) (your|ur) (instagram|insta|ig|tiktok|facebook|youtube|followers|social)|(ofrecemos|vendemos|oferecemos|vendemos|we (sell|offer|provide)) (\w+ ){0,2}(bases? de datos|base de dados|listas? de (correos|contactos|e-?mails|pacientes|contatos)|databases?|(email|e-mail|contact|patient) lists?|seguidores|followers))\b/;

export function findSpam(text: string): string | null {
  const folded = foldKeepingPositions(text);
  const match = SPAM.exec(folded) ?? SOLD_AUDIENCE.exec(folded);
  if (match && !isNegated(folded, match.index)) return excerptAround(text, match.index, match[0].length);
  // An e-mail address is the writer's contact, not a link ('use jlopez.home@gmail.com from now on').
  const links =
    folded
      .replace(/[^\s@<>()]+@[^\s@<>()]+/g, ' ')
      .match(
        /https?:\/\/\S+|www\.\S+|\b[a-z0-9-]+\.(com|net|org|io|ru|xyz|info|biz|top|click|site|online|ly|co|me|app|link|shop|live|vip)\b(\/\S*)?/g,
      ) ?? [];
  if (
    links.length >= 2 ||
    (links.length === 1 && folded.replace(/\s+/g, ' ').trim().split(' ').length <= 4)
  ) {
    return excerptAround(text, folded.search(/https?:\/\/|www\.|\.[a-z]{2,6}\b/), 20);
  }
  if (isGibberish(folded)) return text.trim().slice(0, 80);
  return null;
}

const KEYBOARD_RUNS = /(qwer|wert|erty|asdf|sdfg|dfgh|fghj|ghjk|hjkl|zxcv|xcvb|cvbn|vbnm|jkl;|uiop)/;

/** Letters that make no words: keyboard runs, no vowels, five consonants in a row, or non-Latin filler. */
export function isGibberish(folded: string): boolean {
  const words = expand(folded)
    .split(/[^\p{L}]+/u)
    .filter((word) => word.length >= 4);
  if (words.length === 0) return false;
  const nonsense = words.filter(
    (word) =>
      KEYBOARD_RUNS.test(word) ||
      !/[aeiouy]/.test(word) ||
      /[bcdfghjklmnpqrstvwxz]{5,}/.test(word) ||
      /(.)\1{3,}/.test(word) ||
      /q(?!u)/.test(word) ||
      /[aeiou]{4,}/.test(word) ||
      /^(?!str|spr|scr|sch|thr|chr|phr|shr|spl|squ)[bcdfghjklmnpqrstvwxz]{3}/.test(word) ||
      /^[^a-z]+$/.test(word),
  );
  // A test submission: only words of a test ('test test please ignore', 'just testing the form').
  if (
    /^((this is )?(a |just |only )?(test|testing|tests|asdf|ignore|ignore this|please ignore|pls ignore|disregard|of|the|our|my|your|contact|form|forms|website|site|web|submission|message|hello|hi|from|by|team|dev|developer|marketing|agency|checking|check|making sure|that|it|routes|goes|through|into|to|crm|inbox|properly|correctly|works|working|is|if|lead|leads|integration|notifications?|\d+)[\s.!,]*)+$/.test(
      folded.trim(),
    ) &&
    /\btest/.test(folded)
  )
    return true;
  return nonsense.length / words.length >= 0.6;
}
