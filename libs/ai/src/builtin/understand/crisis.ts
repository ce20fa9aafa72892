import type { EscalationFinding } from '../../model';
import { foldKeepingPositions } from './safety-rules';
import { excerptAround } from './text';

/**
 * Self-harm and suicidal language (docs/product/ai-engine.md#escalation), in English, Spanish and Portuguese:
 * wanting to die or to end one's life, seeing no point in living or going on, hurting oneself, being better off
 * dead; and the warning signs crisis lines teach people to hear (988, the Samaritans): feeling a burden to others
 * or that they would be better off without one, wanting to disappear or to sleep and not wake up, not being
 * around much longer (however it is negated: 'I don't plan on being here much longer'), wanting it all to stop,
 * putting one's affairs in order, giving one's things away and writing goodbye letters, a plan to end it, pills
 * saved up (the means at hand); and an overdose told in any words. It always reaches a person, first, whatever
 * else the message says (an opt-out or a price question included), and it is never read as negated: a person
 * reading "I'm not suicidal, but…" loses nothing. Read on the folded text (lower case, no accents); linear-time (no nested quantifiers).
 */
const CRISIS = new RegExp(
  [
    // English
    String.raw`\b(suicid\w*|kill(ing)? my\s*self|end(ing)? (my|it) (own )?life|take my (own )?life|end it all|self[-\s]?harm\w*|hurt(ing)? my\s*self|cut(ting)? my\s*self|want(ed)? to die|wanna die|wish i (was|were) dead|better off dead|better off without me|no (reason|point) (to|in) (live|living|go on|going on|keep going|carry on|carrying on|being here|anything|be here)|(can'?t|cannot|can not) (go on|keep going|do this anymore|take it anymore)|(don'?t|do not|dont) (really |even |just )?want to (live|be alive|be here(?! (at|by|on|in|before|after|until|till|for|so|that|early|all|\d))|wake up|exist)( anymore)?|(want|need) (it|everything|this) (all )?to (stop|end)|make (it|everything) all (stop|end|go away)|(don'?t|do not|dont|can'?t|cannot) see (the|a|any) point (of|in) (going on|living|life|anything|keep going|carrying on)|(don'?t|do not|dont|can'?t|cannot) see (why|a reason|any reason) (i should |to )?(keep going|go on|keep living|live|carry on|be here))\b`,
    // English warning signs: a burden, better off without me, disappearing, not waking up, not being around much
    // longer, things given away, goodbye letters.
    String.raw`\b((i'?m|i am|im|i feel( like)?|i'?ve become|feel like i'?m) (just |such |only )?a burden (to|on|for) (everyone|everybody|my|them|you|others|people)|(be|are|is) better off (without me|if i (was|were|wasn'?t|weren'?t|am not|'?m not|just)? ?(gone|dead|not here|not around|disappeared|here|around))|if i (just )?(disappeared|vanished|was gone|were gone|wasn'?t here|weren'?t here|wasn'?t around)|i (just |really )?(want|wanna|wish i could|want to just) (to )?(disappear|vanish|not exist|stop existing|not wake up)|(go to )?sleep and (never|not) wake up|(won'?t|will not|wont|not going to|not gonna) be (around|here|alive) (much|for much|for|a lot) (longer|long)|(gave|given|giving) away (most of |all of |all )?(my|my own) (things|stuff|belongings|possessions|clothes)|(wrote|written|writing|write) (goodbye |farewell )?letters to (my|all my) (kids|children|family|husband|wife|son|daughter|parents|friends)|goodbye (letter|letters|note|notes)|suicide note|i\b[^.?!\n]{0,30}\b(be|being|stay|staying) (around|here|alive) (for )?(much|a lot|very much|that much) longer|(put|putting|get|getting|got|have) (all )?my affairs in order|(plan(ning)?|going|gonna|decided|ready) (on |to )?end(ing)? it( all)?\b(?! (with|for|at|by|early|before|now that))|(stockpil\w*|hoard\w*|sav(ed|ing) up|been (saving|collecting|keeping|hiding)|collect(ed|ing)) (up )?(all )?(my |enough |some )?(pills|tablets|meds|medications|sleeping pills|painkillers|pain pills)|enough (pills|tablets|meds|sleeping pills|painkillers|pain pills) (to|so|that)|overdos\w*|(took|taken|swallowed|swallow) (a (whole )?(bottle|handful|bunch|lot) of|all (of )?my|too many|all the|a bunch of) (my )?(pills|tablets|meds|medication|medications|sleeping pills))\b`,
    // Spanish
    String.raw`\b(suicid\w*|matarme|quitarme la vida|acabar con (mi vida|todo)|quiero morir\w*|(sin|no tengo) ganas de vivir|me quiero morir|(ya )?no quiero (vivir|seguir viviendo|estar aqui|existir|despertar)|quiero que (todo|esto) (se )?(acabe|termine)|sobredosis|me (tome|trague) (todas )?(las|mis) (pastillas|pildoras)|hacerme dano|lastimarme|no (tiene|le veo) (mas )?sentido (a )?(vivir|seguir|la vida)|ya no (puedo|aguanto) mas|mejor (estaria )?muert[oa]|(soy|me siento) (una|un) (carga|estorbo) (para|a)|(estarian|estarias|estaria|estan|vivirian) mejor sin mi|(quiero|quisiera|quiero solo) desaparecer|si (yo )?(desapareciera|me muriera|no estuviera)|dormir(me)? y no despertar|no voy a estar (aqui |viva |vivo )?(mucho|por mucho) (tiempo|mas)|(regale|regalando|he regalado) (mis|todas mis) cosas|cartas? de despedida|(estar|este|estare) (aqui|por aqui|viv[oa]) (mucho|por mucho) mas tiempo|(pastillas|pildoras|medicamentos) guardad[oa]s|suficientes (pastillas|pildoras)|(juntando|guardando|acumulando|junte|guarde|acumule) (pastillas|pildoras)|(pienso|voy a|quiero|decidi) (terminar|acabar) con (todo|mi vida)|poner (mis|todos mis) (asuntos|papeles) en orden)\b`,
    // Portuguese
    String.raw`\b(suicid\w*|me matar|tirar (a )?minha (propria )?vida|acabar com (a )?minha vida|acabar com tudo|quero morrer|sem vontade de viver|nao quero (mais )?(viver|estar aqui|existir|acordar)|quero que (tudo|isso) (acabe|termine)|overdose|tomei (todos os|todas as|todos os meus|todas as minhas|meus|minhas) (remedios|comprimidos)|me machucar|sem sentido (viver|continuar|a vida)|nao (vejo|tem) (mais )?sentido (em |na )?(viver|vida|continuar|seguir)|nao aguento mais|melhor (estar )?mort[oa]|(sou|me sinto) (um|uma) (peso|fardo) (para|pra)|(estariam|estaria|ficariam|viveriam) melhor sem mim|(quero|queria|so quero) sumir|se eu (sumisse|morresse|nao estivesse)|dormir e nao acordar|nao vou estar (aqui |viva |vivo )?(por )?muito tempo|(dei|doei|dando) (minhas|todas as minhas) coisas|cartas? de despedida|nao vejo (saida|mais saida)|(estar|esteja|estarei) (aqui|viv[oa]) (por )?muito mais tempo|(comprimidos|remedios) guardados|(comprimidos|remedios) suficientes|(juntando|guardando|acumulando|juntei|guardei|acumulei) (comprimidos|remedios)|(dar|por) (um )?fim (a|em|na) (tudo|minha vida))\b`,
    // Hopelessness as it is often written: no point anymore, easier if gone, not wanting to be here, thinking of
    // ending it, cutting again, a goodbye; in the three languages.
    String.raw`\b((what'?s|whats|what is) (even )?the point (anymore|of (anything|living|trying|going on|it all))|(don'?t|dont|do not|can'?t|cant|cannot) see (the|a|any) (point|reason) (anymore|in (anything|living|trying|going on)|(to|in) (keep|go|live|try)\w*( (going|on|trying|living))?( at anything)?( anymore)?)|(easier|better) (for (everyone|everybody) )?if i'?m (just )?(gone|not here|not around|dead)|(easier|better) (for (everyone|everybody) )?if i (was|were) (just )?(gone|dead)|(don'?t|dont|do not) (really )?(wanna|want to) be (here|alive|around) anymore|(thinking|thought|think|been thinking) (about|of) end(ing)? it( all)?\b(?! (with|for|at|by|early|before|now that))|(started|start|been|keep|i'?m|am) cutting (again|myself)|this is (my )?(goodbye|final goodbye|last message)|ya nada tiene sentido|nada tiene sentido ya|(ya )?no vale la pena (nada|vivir|seguir)|nada vale la pena ya|(van a estar|estaran|estarian) mejor sin mi|(seria|es) mejor no despertar(me)?|(soy|me siento) (una|un) (carga|estorbo) pa\b|esta es mi despedida|me despido (de todos|de ustedes|para siempre)|nada (mais )?faz sentido|(nao vale|ja nao vale) (mais )?a pena (nada|viver|continuar)|(vao|iam) (ficar|estar) melhor sem mim|(essa|esta) e (a )?minha despedida)\b`,
    // In the three languages: no one would miss the writer, the writer disappearing for good, done with everything or
    // tired of living, all of one's pills at once.
    String.raw`\b((no ?one|nobody) (will|would|is going to|gonna|'?d|'?ll) (even )?miss me|(i|i'?d|i'?ll|i want to|i wanna|i could) (just )?(disappear|vanish) for good|(disappear|vanish) (completely |altogether )?(permanently|forever)|(i'?m|im|i am) (just |so |really )?(done|finished) with (everything|it all|life|living)(?=\s*([.!?,;]|$)|\s(and|lol|idk|tbh|honestly)\b)|cansad[oa] de (vivir|viver)|take (all|every one) (of )?(my|the) (pills|meds|tablets|medications?)( \w+){0,4} at once|nadie (me )?(va|iba) a (extranar|echar de menos)|nadie me (extranaria|extranara)|(quiero|quisiera|voy a|pienso en|pensando en) desaparecer para siempre|tomar(me)? todas (las|mis) (pastillas|pildoras)( \w+){0,4} (de una vez|de golpe)|ninguem (vai|ia|iria) sentir (a )?(minha )?falta|(eu|quero|queria|vou|pensando em|penso em|so quero) (sumir|desaparecer) (de vez|para sempre|pra sempre)|tomar (todos os|todas as) (meus |minhas )?(remedios|comprimidos)( \w+){0,4} de uma vez)\b`,
  ]
    .join('|')
    // Words may be separated by any run of spaces or line breaks.
    .replace(/ /g, String.raw`\s+`),
);

/** The first self-harm or suicidal phrase of a message as a high-priority finding, or null. */
export function findCrisis(text: string): EscalationFinding | null {
  const folded = foldKeepingPositions(text.slice(0, 20_000));
  const match = CRISIS.exec(folded);
  if (!match) return null;
  return {
    reason: 'medical_concern',
    priority: 'high',
    evidence: excerptAround(text, match.index, match[0].length),
  };
}
