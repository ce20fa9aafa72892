import type { Language } from '@pp/contracts';

/**
 * Text helpers of the built-in understanding: folding (lower case, no accents), SMS shorthand expanded to
 * words, and language detection by function words and Spanish spelling.
 */

/**
 * A table's own entry for a word a stranger wrote, never one Object.prototype lends it: 'constructor',
 * 'toString' or '__proto__' in a message must read as words, not as functions.
 */
export function entryOf<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Lower case without accents (ñ kept apart from n is not needed for matching). */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * SMS shorthand and frequent misspellings as the words they stand for, per token (folded). Only tokens that are
 * not themselves ordinary words are here ('u', 'r', 'ur' are safe in an inquiry; '2' and '4' are not, they are
 * quantities).
 */
const SHORTHAND: Record<string, string> = {
  u: 'you',
  ya: 'you',
  yu: 'you',
  r: 'are',
  ur: 'your',
  yr: 'your',
  pls: 'please',
  plz: 'please',
  pleas: 'please',
  plse: 'please',
  thx: 'thanks',
  thnx: 'thanks',
  thanx: 'thanks',
  tnx: 'thanks',
  ty: 'thank you',
  tysm: 'thank you',
  hw: 'how',
  hm: 'how much',
  hmuch: 'how much',
  howmuch: 'how much',
  wat: 'what',
  wut: 'what',
  wht: 'what',
  whats: 'what is',
  wats: 'what is',
  appt: 'appointment',
  apt: 'appointment',
  appts: 'appointments',
  apointment: 'appointment',
  appointmnt: 'appointment',
  appoinment: 'appointment',
  appoitment: 'appointment',
  apointement: 'appointment',
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  tmro: 'tomorrow',
  tomorow: 'tomorrow',
  tommorow: 'tomorrow',
  tommorrow: 'tomorrow',
  '2morrow': 'tomorrow',
  '2moro': 'tomorrow',
  '2day': 'today',
  '2nite': 'tonight',
  tonite: 'tonight',
  wknd: 'weekend',
  wkend: 'weekend',
  wkd: 'weekend',
  wk: 'week',
  wks: 'weeks',
  mo: 'month',
  mos: 'months',
  b4: 'before',
  bc: 'because',
  bcuz: 'because',
  cuz: 'because',
  coz: 'because',
  abt: 'about',
  bout: 'about',
  cn: 'can',
  cud: 'could',
  wud: 'would',
  shud: 'should',
  w: 'with',
  wo: 'without',
  msg: 'message',
  msgs: 'messages',
  txt: 'text',
  txts: 'texts',
  txting: 'texting',
  rn: 'right now',
  nvm: 'never mind',
  idk: 'i do not know',
  im: 'i am',
  ive: 'i have',
  id: 'i would',
  dont: 'do not',
  doesnt: 'does not',
  didnt: 'did not',
  cant: 'can not',
  wont: 'will not',
  isnt: 'is not',
  wasnt: 'was not',
  havent: 'have not',
  hasnt: 'has not',
  aint: 'is not',
  wanna: 'want to',
  gonna: 'going to',
  gotta: 'have to',
  lemme: 'let me',
  gimme: 'give me',
  ppl: 'people',
  sum1: 'someone',
  some1: 'someone',
  ne1: 'anyone',
  any1: 'anyone',
  prolly: 'probably',
  prob: 'probably',
  rly: 'really',
  rlly: 'really',
  realy: 'really',
  info: 'information',
  infor: 'information',
  nxt: 'next',
  avail: 'available',
  availble: 'available',
  avaliable: 'available',
  availabe: 'available',
  availibility: 'availability',
  availabilty: 'availability',
  consult: 'consultation',
  consul: 'consultation',
  consultaion: 'consultation',
  consulation: 'consultation',
  consutation: 'consultation',
  consultatoin: 'consultation',
  pric: 'price',
  pirce: 'price',
  prise: 'price',
  cst: 'cost',
  coast: 'cost',
  reschedual: 'reschedule',
  reschedul: 'reschedule',
  rescedule: 'reschedule',
  reshedule: 'reschedule',
  resched: 'reschedule',
  cancle: 'cancel',
  cxl: 'cancel',
  canx: 'cancel',
  cncl: 'cancel',
  cancell: 'cancel',
  scedule: 'schedule',
  shedule: 'schedule',
  schedual: 'schedule',
  schedul: 'schedule',
  sched: 'schedule',
  tues: 'tuesday',
  thurs: 'thursday',
  thur: 'thursday',
  wed: 'wednesday',
  mon: 'monday',
  fri: 'friday',
  // Spanish shorthand
  q: 'que',
  xq: 'porque',
  pq: 'porque',
  porq: 'porque',
  tb: 'tambien',
  tmb: 'tambien',
  xfa: 'por favor',
  porfa: 'por favor',
  pf: 'por favor',
  dnd: 'donde',
  kiero: 'quiero',
  qnto: 'cuanto',
  cnto: 'cuanto',
};

/** '$$', '$$$' stand for price. */
const DOLLARS_ONLY = /^\$+\??$/;

/**
 * The folded text with shorthand expanded: words separated by single spaces, punctuation that matters to the
 * rules kept as its own token ('?', '$'), other punctuation as a space. The result is for matching rules, not for
 * display.
 */
export function expand(text: string): string {
  return expandTokens(text, false).join(' ');
}

/**
 * The same words as `expand`, with a '.' token where a sentence ends: for reading the scope of a negation ('no
 * pain. I want to book' does not negate the booking). Dropping those tokens gives `expand`'s words. Commas stay
 * out: 'no swelling, bruising or pain' is one list.
 */
export function expandWithStops(text: string): string[] {
  return expandTokens(text, true);
}

function expandTokens(text: string, stops: boolean): string[] {
  const marked = stops ? text.replace(/[.;\n]+(?!\d)/g, ' \u0001 ') : text;
  const folded = fold(marked)
    .replace(/[’‘`´]/g, "'")
    .replace(/\b(i|you|we|they|she|he|it)'ll\b/g, '$1 will')
    .replace(/(\w)'(s|t|m|re|ve|ll|d)\b/g, '$1$2')
    .replace(/\${2,}/g, ' price ')
    .replace(/\$\s*\d[\d,.]*k?/g, ' $amount ')
    .replace(/([?¿!¡])/g, ' $1 ')
    .replace(/[^\p{L}\p{N}$?¿!¡'/\u0001]+/gu, ' ');
  return folded
    .split(/\s+/)
    .filter(Boolean)
    .map((token) => {
      if (token === '\u0001') return '.';
      if (DOLLARS_ONLY.test(token)) return 'price';
      const bare = token.replace(/'/g, '');
      return entryOf(SHORTHAND, bare) ?? entryOf(SHORTHAND, token) ?? bare;
    })
    .join(' ')
    .split(' ')
    .filter(Boolean);
}

const SPANISH_WORDS = new Set(
  (
    'de la el que y en los las por para con una un es mi me quiero cuanto cuesta cuestan hola gracias necesito ' +
    'cita tengo puedo usted ustedes esta estoy senor senora buenas buenos dias tardes noches precio precios ' +
    'quisiera informacion saber si tienen hacen hacer del al lo le se su sus pero muy mas o no como cuando donde ' +
    'favor quien ya tambien algo hay son estan fue era sera soy eres somos tiene cual cuales desde hasta sobre ' +
    'entre sin porque pues entonces nos les este estos esa eso ese hija hijo anos semana manana hoy ayer ' +
    'llamar llamen llamada mensaje escribir escriban numero equivocado quisiera gustaria interesa interesada ' +
    'interesado labios nariz senos cara dientes costo vale valen pagos ahora despues antes mucho poco bien mal ' +
    'todo nada otra otro ayuda baja alto hora abren sabados domingos quiero creo equivocaron voy vas va vamos van ' +
    'hice hizo hicieron dejaron dijeron pusieron tuve tengo tenia estuve quede queria puede pueden podria ' +
    'seria gusta gustaria necesitamos ella ellos nosotros usted aqui alla ahi asi tan tanto cada mismo ' +
    'despues durante mucho muchos mucha muchas porque cuanta cuantas cuantos dos tres veces esperar llegar ' +
    'tarde minutos casi llego ir cancelen cancelar mande manden dejen sigo sigue'
  ).split(' '),
);

const ENGLISH_WORDS = new Set(
  (
    'the and is to of i you my for how what much can an in on it this that are do does be have has with ' +
    'your me we our at from or but if not no so just about would could should want need get like please thanks ' +
    'hi hello hey when where who which will am was were there their they them been any some price cost book ' +
    'appointment available interested looking know tell more than also really very still after before out up ' +
    'by as its im did done ok okay yes'
  ).split(' '),
);

/** The folded words of a text as written (apostrophes dropped), shorthand not expanded. */
function wordsAsWritten(text: string): string[] {
  return fold(text)
    .replace(/[’‘`´']/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => /\p{L}/u.test(token));
}

/**
 * Words only Portuguese writes (folded): its function words, pronouns and everyday verbs, none of them a Spanish
 * or English word ('voce', 'nao', 'muito', 'gostaria', 'obrigada', 'amanha').
 */
const PORTUGUESE_WORDS = new Set(
  (
    'nao voce voces obrigado obrigada obg brigado gostaria tenho tinha estou muito muita muitos muitas tambem ' +
    'fazer fazem faz precisava pra uma umas eu ele dela dele isso essa esse sao estao hoje amanha ontem minha ' +
    'meu meus minhas seu sua seus suas nosso nossa quero posso podem vou vai oi tudo bem bom boa noite moro ' +
    'quanto quantos quantas custa custam orcamento atendimento desculpa desculpe ainda depois entao mais fiz ' +
    'fez fiquei ficou tive teve foi foram sou filha filho filhos mae pai namorado namorada dente dentes ' +
    'cirurgia cirurgiao procedimento tratamento mensagem mensagens ne kkk kkkk kkkkk bjs beijos'
  )
    .split(' ')
    .filter((word) => !SPANISH_WORDS.has(word) && !ENGLISH_WORDS.has(word)),
);

/** How plainly a text is Portuguese: its own words (above), letters (ã, õ, ç, â, ê, ô) and endings ('-ção', '-agem'). */
function portugueseCues(text: string): number {
  let cues = 0;
  for (const written of wordsAsWritten(text)) {
    if (PORTUGUESE_WORDS.has(written)) cues += 1;
    else if (written.length >= 5 && /(cao|coes|agem|agens)$/.test(written)) cues += 1;
  }
  cues += Math.min((text.match(/[ãõçâêô]/giu) ?? []).length, 4);
  return cues;
}

/**
 * Language by function words and Spanish spelling; English when in doubt. The product answers in English and
 * Spanish; a message in Portuguese is answered in English (its words are read through the Spanish lexicon for
 * safety, `respell`), so Portuguese reads as 'en' with its own evidence.
 */
export function detectLanguage(text: string): { language: Language; evidence: string } {
  const { written, portuguese, es, en } = languageCues(text);
  if (written === 'pt')
    return {
      language: 'en',
      evidence: `written in Portuguese (${portuguese} Portuguese cues), answered in English`,
    };
  if (written === 'es')
    return { language: 'es', evidence: `${Math.round(es)} Spanish cues against ${en} English` };
  return { language: 'en', evidence: `${en} English cues against ${Math.round(es)} Spanish` };
}

/** The language a message is written in (Portuguese apart, though answered in English). Pure. */
export function writtenLanguage(text: string): Language | 'pt' {
  return languageCues(text).written;
}

function languageCues(text: string): {
  written: Language | 'pt';
  portuguese: number;
  es: number;
  en: number;
} {
  const portuguese = portugueseCues(text);
  let es = 0;
  let en = 0;
  // Each word as written and as its shorthand stands for: 'ya' is Spanish as written and English shorthand
  // ('see ya'), so it counts for both; 'u' counts for English only, 'q' (que) for Spanish only.
  for (const written of wordsAsWritten(text)) {
    const meant = (entryOf(SHORTHAND, written) ?? written).split(' ');
    if (SPANISH_WORDS.has(written) || meant.some((word) => SPANISH_WORDS.has(word))) es += 1;
    if (meant.some((word) => ENGLISH_WORDS.has(word))) en += 1;
  }
  // Endings no English word has ('blanqueamiento', 'extraccion', 'endodoncia', 'limpieza'): short noun phrases
  // ('blanqueamiento dental') carry no function words.
  for (const written of wordsAsWritten(text)) {
    if (
      written.length >= 6 &&
      !ENGLISH_WORDS.has(written) &&
      /(mientos?|ciones|cion|idad(es)?|encias?|ancias?|oncias?|ezas?)$/.test(written)
    )
      es += 1;
  }
  const marks = (text.match(/[ñ¿¡]|[áéíóú](?=\p{L}|\b)/giu) ?? []).length;
  es += Math.min(marks, 4) * 0.75;
  if (/\b(hola|gracias|buenas|buenos dias|quiero|quisiera|necesito|cuanto|cuánto|baja)\b/i.test(fold(text)))
    es += 1;
  const written = portuguese >= 2 && portuguese >= es / 2 ? 'pt' : es > en ? 'es' : 'en';
  return { written, portuguese, es, en };
}

/** Edit distance with transpositions (optimal string alignment), stopping early above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => {
    const row = new Array<number>(cols).fill(0);
    row[0] = i;
    return row;
  });
  for (let j = 0; j < cols; j += 1) d[0][j] = j;
  for (let i = 1; i < rows; i += 1) {
    let best = Infinity;
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, d[i - 2][j - 2] + 1);
      }
      d[i][j] = value;
      if (value < best) best = value;
    }
    if (best > max) return max + 1;
  }
  return d[a.length][b.length];
}

/** Sentences of the original text, for evidence. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?¡¿\n])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** The sentence of `text` around `index`, trimmed to at most 160 characters. */
export function excerptAround(text: string, index: number, length: number): string {
  const before = text.slice(0, index);
  const start = Math.max(before.search(/[^.!?\n]*$/), 0);
  const afterMatch = text.slice(index + length).search(/[.!?\n]/);
  const end = afterMatch < 0 ? text.length : index + length + afterMatch + 1;
  let excerpt = text.slice(start, end).trim();
  if (excerpt.length > 160) {
    const from = Math.max(0, index - start - 60);
    excerpt = `${from > 0 ? '…' : ''}${excerpt.slice(from, from + 158).trim()}…`;
  }
  return excerpt;
}

/** A folded text prepared for the safety rules, and where each of its characters was in the original. */
export interface RespeltText {
  text: string;
  /** For each character of `text`, its index in the text it was made from. */
  origin: number[];
}

/**
 * '-ing' words people write without the g ('bleedin', 'droopin', 'achin''): the words a report of a symptom, a
 * worry or a request is made of. Only these are restored: 'cousin', 'within', 'insulin' stay as they are.
 */
const GERUNDS = new Set(
  (
    'bleeding swelling throbbing burning itching stinging tingling aching hurting drooping oozing leaking ' +
    'peeling bruising killing puffing scabbing crusting draining blistering spreading getting going feeling ' +
    'coming looking sleeping eating breathing swallowing seeing drinking chewing walking talking smiling ' +
    'throwing vomiting sweating shaking numbing pumping nursing breastfeeding expecting charging billing ' +
    'waiting calling freaking pounding pulsing weeping cracking flaking splitting opening moving healing ' +
    'hanging sagging pulling stretching melting dripping spotting cramping fainting'
  ).split(' '),
);

/**
 * Frequent misspellings of the words of a symptom, folded, as the word meant. A misspelling that is itself a
 * word ('fewer', 'turning') is never here.
 */
const MISSPELT: Record<string, string> = {
  swolen: 'swollen',
  swollon: 'swollen',
  swolled: 'swollen',
  sollen: 'swollen',
  swolllen: 'swollen',
  sweling: 'swelling',
  sweeling: 'swelling',
  swellling: 'swelling',
  brused: 'bruised',
  bruized: 'bruised',
  bruse: 'bruise',
  bruize: 'bruise',
  brusing: 'bruising',
  bruseing: 'bruising',
  bleading: 'bleeding',
  bleding: 'bleeding',
  bleedng: 'bleeding',
  blead: 'bleed',
  numbe: 'numb',
  infectd: 'infected',
  infeted: 'infected',
  infexted: 'infected',
  infectid: 'infected',
  infectio: 'infection',
  infecton: 'infection',
  painfull: 'painful',
  hurst: 'hurts',
  hurtz: 'hurts',
  itchey: 'itchy',
  ichy: 'itchy',
  itchie: 'itchy',
  blisterd: 'blistered',
  throbing: 'throbbing',
  tingeling: 'tingling',
  droopey: 'droopy',
  droping: 'drooping',
  feaver: 'fever',
  fevor: 'fever',
  fevr: 'fever',
  nausious: 'nauseous',
  nauseus: 'nauseous',
  nautious: 'nauseous',
  dizy: 'dizzy',
  dizzey: 'dizzy',
  lumpey: 'lumpy',
  brusies: 'bruises',
  hinchao: 'hinchado',
  inchada: 'hinchada',
  inchado: 'hinchado',
  inchazon: 'hinchazon',
  hinchason: 'hinchazon',
  ampoyas: 'ampollas',
  ampoya: 'ampolla',
  infecsion: 'infeccion',
  doloor: 'dolor',
};

/**
 * Portuguese words of the body, its symptoms, treatments and the time since them, folded, as the Spanish word
 * the safety rules know: the rules read a Portuguese message through their Spanish lexicon ('meu lábio ficou
 * roxo e inchado depois do preenchimento' reads as 'mi labio quedo morado e hinchado despues do relleno').
 * Only words that are neither English nor Spanish words are here; the quoted evidence stays the original.
 */
const PORTUGUESE: Record<string, string> = {
  dor: 'dolor',
  dores: 'dolores',
  doi: 'duele',
  doendo: 'duele',
  inchaco: 'hinchazon',
  inchou: 'hinchado',
  inchados: 'hinchados',
  inchadas: 'hinchadas',
  vermelho: 'rojo',
  vermelha: 'roja',
  vermelhidao: 'rojo',
  roxo: 'morado',
  roxa: 'morada',
  roxos: 'morados',
  roxas: 'moradas',
  febre: 'fiebre',
  calafrios: 'escalofrios',
  sangramento: 'sangrado',
  secrecao: 'secrecion',
  infeccionado: 'infectado',
  infeccionada: 'infectada',
  infeccionou: 'infectado',
  infeccao: 'infeccion',
  bolha: 'ampolla',
  bolhas: 'ampollas',
  queimadura: 'quemadura',
  queimaduras: 'quemaduras',
  queimou: 'quemo',
  queimando: 'quemando',
  caindo: 'caido',
  caiu: 'caido',
  palpebra: 'parpado',
  palpebras: 'parpados',
  sobrancelha: 'ceja',
  olho: 'ojo',
  olhos: 'ojos',
  rosto: 'cara',
  dente: 'diente',
  dentes: 'dientes',
  gengiva: 'encia',
  gengivas: 'encias',
  pele: 'piel',
  seio: 'seno',
  seios: 'senos',
  perna: 'pierna',
  panturrilha: 'pantorrilla',
  peito: 'pecho',
  dormente: 'adormecido',
  dormencia: 'adormecido',
  formigamento: 'hormigueo',
  coceira: 'picazon',
  caroco: 'bulto',
  carocos: 'bultos',
  protese: 'implante',
  proteses: 'implantes',
  apareceu: 'salio',
  apareceram: 'salieron',
  vomitei: 'vomite',
  enjoo: 'nauseas',
  enjoada: 'mareada',
  enjoado: 'mareado',
  tontura: 'mareo',
  visao: 'vision',
  embacada: 'borrosa',
  embacado: 'borroso',
  nao: 'no',
  muito: 'mucho',
  muita: 'mucha',
  muitos: 'muchos',
  muitas: 'muchas',
  forte: 'fuerte',
  meu: 'mi',
  minha: 'mi',
  meus: 'mis',
  minhas: 'mis',
  estou: 'estoy',
  estava: 'estaba',
  tenho: 'tengo',
  tive: 'tuve',
  sinto: 'siento',
  ficou: 'quedo',
  ficaram: 'quedaron',
  depois: 'despues',
  apos: 'despues',
  preenchimento: 'relleno',
  cirurgia: 'cirugia',
  tratamento: 'tratamiento',
  procedimento: 'procedimiento',
  injecao: 'inyeccion',
  aplicacao: 'aplicacion',
  sessao: 'sesion',
  extracao: 'extraccion',
  clareamento: 'blanqueamiento',
  lipoaspiracao: 'liposuccion',
  gravida: 'embarazada',
  amamentando: 'amamantando',
  advogado: 'abogado',
  advogados: 'abogados',
  processar: 'demandar',
  vou: 'voy',
  // When a treatment was done and what the writer did ('fiz preenchimento ontem', 'faz 3 dias', 'acordei com').
  fiz: 'hice',
  fez: 'hizo',
  fizeram: 'hicieron',
  coloquei: 'puse',
  colocou: 'puso',
  colocaram: 'pusieron',
  apliquei: 'aplique',
  aplicaram: 'aplicaron',
  ontem: 'ayer',
  anteontem: 'anteayer',
  hoje: 'hoy',
  faz: 'hace',
  passada: 'pasada',
  passado: 'pasado',
  acordei: 'amaneci',
  acordou: 'amanecio',
  ta: 'esta',
  tao: 'tan',
  estao: 'estan',
  ficando: 'quedando',
  // Signs, as the Spanish lexicon names them.
  inchado: 'hinchado',
  inchada: 'hinchada',
  inchar: 'hinchar',
  inchando: 'hinchando',
  ardendo: 'arde',
  ardeu: 'arde',
  ardencia: 'ardor',
  queimacao: 'ardor',
  cocando: 'comezon',
  cocam: 'comezon',
  cocar: 'comezon',
  vermelhas: 'rojas',
  vermelhos: 'rojos',
  arroxeado: 'morado',
  arroxeada: 'morada',
  esbranquicado: 'blanco',
  esbranquicada: 'blanca',
  branco: 'blanco',
  branca: 'blanca',
  brancas: 'blancas',
  acinzentado: 'gris',
  acinzentada: 'gris',
  escuro: 'oscuro',
  escura: 'oscura',
  quente: 'caliente',
  quentes: 'calientes',
  cheiro: 'olor',
  amarelo: 'amarillo',
  amarela: 'amarilla',
  amarelado: 'amarillo',
  amarelada: 'amarilla',
  abriu: 'abrio',
  incisao: 'incision',
  ponto: 'punto',
  pontos: 'puntos',
  sangue: 'sangre',
  saiu: 'salio',
  saindo: 'saliendo',
  sangrou: 'sangro',
  doeu: 'duele',
  doem: 'duele',
  dolorido: 'duele',
  dolorida: 'duele',
  bolinha: 'bolita',
  bolinhas: 'bolitas',
  desmaiei: 'desmaye',
  desmaio: 'desmayo',
  enxergar: 'ver',
  enxergo: 'veo',
  engolir: 'tragar',
  // A charge disputed ('cobraram duas vezes no cartão').
  cobraram: 'cobraron',
  cobrou: 'cobro',
  cobranca: 'cobro',
  cartao: 'tarjeta',
  estorno: 'reembolso',
};

/**
 * The folded text with the spellings of a hurried message restored, word by word: letters held down ('sooo
 * swollennn') once, a dropped g ('bleedin'), the misspellings above, Portuguese read as Spanish. The safety rules
 * read this; the evidence they quote comes from the original through `origin`.
 */
export function respell(folded: string): RespeltText {
  let text = '';
  const origin: number[] = [];
  let last = 0;
  const push = (written: string, at: number, length: number) => {
    for (let i = 0; i < written.length; i += 1) {
      text += written[i];
      origin.push(at + Math.min(i, Math.max(0, length - 1)));
    }
  };
  for (const match of folded.matchAll(/[\p{L}']+/gu)) {
    const word = match[0];
    const at = match.index ?? 0;
    push(folded.slice(last, at), last, at - last);
    push(respellWord(word), at, word.length);
    last = at + word.length;
  }
  const rest = folded.slice(last);
  for (let i = 0; i < rest.length; i += 1) {
    text += rest[i];
    origin.push(last + i);
  }
  return { text, origin };
}

function respellWord(word: string): string {
  // Letters held down: three or more of one letter are one ('e' and 'o' two: 'teeeth', 'tooooth'); a word of
  // one letter ('BBB', 'zzz') is an abbreviation or a noise, left alone.
  if (new Set(word).size < 2) return entryOf(MISSPELT, word) ?? word;
  let spelt = word.replace(/(\p{L})\1{2,}/gu, (run: string, letter: string) =>
    letter === 'e' || letter === 'o' ? letter + letter : letter,
  );
  if (spelt === 'noo') spelt = 'no';
  if (spelt === 'soo') spelt = 'so';
  const bare = spelt.replace(/'$/, '');
  if (/in$/.test(bare) && GERUNDS.has(`${bare}g`)) return `${bare}g`;
  return entryOf(MISSPELT, spelt) ?? entryOf(PORTUGUESE, spelt) ?? spelt;
}
