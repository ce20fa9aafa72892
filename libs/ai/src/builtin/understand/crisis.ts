import type { EscalationFinding } from '../../model';
import { foldKeepingPositions } from './safety-rules';
import { excerptAround } from './text';

/**
 * Self-harm and suicidal language (docs/product/ai-engine.md#escalation), in English, Spanish and Portuguese:
 * wanting to die or to end one's life, seeing no point in living or going on, hurting oneself, being better off
 * dead. It always reaches a person, first, whatever else the message says (an opt-out or a price question
 * included), and it is never read as negated: a person reading "I'm not suicidal, but…" loses nothing. Read on
 * the folded text (lower case, no accents); linear-time (no nested quantifiers).
 */
const CRISIS = new RegExp(
  [
    // English
    String.raw`\b(suicid\w*|kill(ing)? my\s*self|end(ing)? (my|it) (own )?life|take my (own )?life|end it all|self[-\s]?harm\w*|hurt(ing)? my\s*self|cut(ting)? my\s*self|want(ed)? to die|wanna die|wish i (was|were) dead|better off dead|better off without me|no (reason|point) (to|in) (live|living|go on|going on|keep going|carry on|carrying on|being here|anything|be here)|(can'?t|cannot|can not) (go on|keep going|do this anymore|take it anymore)|(don'?t|do not|dont) want to (live|be alive|be here|wake up)|(don'?t|do not|dont|can'?t|cannot) see (the|a|any) point (of|in) (going on|living|life|anything|keep going|carrying on)|(don'?t|do not|dont|can'?t|cannot) see (why|a reason|any reason) (i should |to )?(keep going|go on|keep living|live|carry on|be here))\b`,
    // Spanish
    String.raw`\b(suicid\w*|matarme|quitarme la vida|acabar con (mi vida|todo)|quiero morir\w*|(sin|no tengo) ganas de vivir|me quiero morir|no quiero (vivir|seguir viviendo|estar aqui)|hacerme dano|lastimarme|no (tiene|le veo) sentido (vivir|seguir|la vida)|ya no (puedo|aguanto) mas|mejor (estaria )?muert[oa])\b`,
    // Portuguese
    String.raw`\b(suicid\w*|me matar|tirar (a )?minha (propria )?vida|acabar com (a )?minha vida|acabar com tudo|quero morrer|sem vontade de viver|nao quero (mais )?viver|me machucar|sem sentido (viver|continuar|a vida)|nao (vejo|tem) sentido (em |na )?(viver|vida|continuar|seguir)|nao aguento mais|melhor (estar )?mort[oa])\b`,
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
