import { Injectable } from '@nestjs/common';
import { answerQuestion, rulesSafety, understandInquiry, type PracticeContext } from '@pp/ai';
import type { EscalationReason, Language } from '@pp/contracts';
import { DemoException, DemoExceptionCode, DemoMessages } from './demo.exception';
import { DemoChatResponse } from './demo.response';
import { DemoLimits } from './demo-limits';
import { DemoMessage, DemoSession, DemoStore } from './demo-store';
import { DemoChatDto } from './dto/demo-chat.dto';
import { sitePrices } from './site-prices';
import type { DemoCaller } from './demo.service';

/** Messages one demo conversation holds at most (visitor's and assistant's). */
export const MAX_DEMO_MESSAGES = 100;

/** What the demo assistant never answers itself: it is clinical (docs/product/onboarding.md#demo-chat). */
const CLINICAL: readonly EscalationReason[] = ['post_treatment_symptoms', 'medical_concern', 'pregnancy'];

/**
 * The demo chat (docs/product/onboarding.md#demo-chat): the prospect talks to their practice's assistant, which
 * answers from the pages read of their website only — the passages that best match the question, quoted with
 * the page they come from — in the visitor's language; what the pages do not say it says it does not know,
 * with how to reach the practice. Nothing clinical is answered, and words of self-harm get the crisis line.
 */
@Injectable()
export class DemoChatService {
  constructor(
    private readonly store: DemoStore,
    private readonly limits: DemoLimits,
  ) {}

  async chat(id: string, dto: DemoChatDto, caller: DemoCaller): Promise<DemoChatResponse> {
    const session = await this.store.live(id);
    if (!session) throw DemoException.notFound();
    if (session.status !== 'ready') {
      throw new DemoException(
        DemoExceptionCode.NotReady,
        session.status === 'failed' ? DemoMessages.chatFailed : DemoMessages.chatNotReady,
      );
    }
    await this.limits.chat(id, caller.ip);
    if ((await this.store.messageCount(id)) + 2 > MAX_DEMO_MESSAGES) {
      throw new DemoException(DemoExceptionCode.ChatFull, DemoMessages.chatFull);
    }
    const question = dto.message.trim();
    if (!question) throw new DemoException(DemoExceptionCode.InvalidMessage, DemoMessages.emptyMessage);
    const answer = await this.answer(session, question);
    await this.store.appendTurn(id, [{ role: 'visitor', text: question, citations: [] }, answer.message]);
    return { reply: answer.message.text, citations: answer.message.citations, grounded: answer.grounded };
  }

  /** The assistant's answer to a question (the demo chat's, and the demo call's). */
  async answer(session: DemoSession, question: string): Promise<{ message: DemoMessage; grounded: boolean }> {
    const practice = practiceOf(session);
    const request = { channel: 'chat' as const, text: question, practiceProcedures: [] };
    const safety = rulesSafety(request);
    const understood = understandInquiry(request, undefined, safety);
    const language = understood.language;
    if (safety.crisis) return unsourced(DemoReplies.crisis(language));
    const clinical = understood.escalations.find((finding) => CLINICAL.includes(finding.reason));
    if (clinical) {
      return unsourced(DemoReplies.clinical(language, practice, clinical.priority === 'high'));
    }
    const passages = await this.store.search(session.demo_session_id, question);
    const site = sitePrices(passages);
    const answer = answerQuestion({
      question,
      context: passages,
      practice,
      pricing: site.pricing,
      promotions: [],
      language,
    });
    const cited = new Set(answer.citations);
    // A price answered from the site's prices cites the passages they were read in.
    for (const [name, passage] of site.passages) {
      if (answer.grounded && answer.answer.includes(name)) cited.add(passage.id);
    }
    const citations = new Map<string, { url: string; title: string | null }>();
    for (const passage of passages) {
      if (cited.has(passage.id) && passage.url && !citations.has(passage.url))
        citations.set(passage.url, { url: passage.url, title: passage.title ?? null });
    }
    return {
      message: { role: 'assistant', text: answer.answer, citations: [...citations.values()] },
      grounded: answer.grounded,
    };
  }
}

function unsourced(text: string): { message: DemoMessage; grounded: boolean } {
  return { message: { role: 'assistant', text, citations: [] }, grounded: false };
}

/** The practice as the demo knows it: what was extracted from its site. */
function practiceOf(session: DemoSession): PracticeContext {
  const data = session.extracted_data;
  return {
    name: data?.practice_name ?? new URL(session.website_url).hostname,
    phone: data?.phone_number ?? null,
    address: data?.address ?? null,
  };
}

/** The demo assistant's own replies, in the visitor's language. */
export const DemoReplies = {
  crisis: (language: Language) =>
    language === 'es'
      ? 'Si está pensando en hacerse daño o está en peligro, llame o envíe un mensaje al 988 (Línea de Prevención del Suicidio y Crisis, en EE. UU.) o a su número local de emergencias ahora mismo. Allí pueden ayudarle de inmediato.'
      : 'If you are thinking about harming yourself or are in danger, please call or text 988 (the Suicide & Crisis Lifeline, in the US) or your local emergency number now. People there can help you right away.',
  clinical: (language: Language, practice: PracticeContext, urgent: boolean) => {
    const phone = practice.phone
      ? language === 'es'
        ? ` al ${practice.phone}`
        : ` at ${practice.phone}`
      : '';
    if (language === 'es') {
      return `${urgent ? 'Si es una emergencia, llame al 911. ' : ''}No puedo dar consejos médicos en esta demostración. Para preguntas sobre síntomas, medicamentos o si un tratamiento es adecuado para usted, comuníquese con ${practice.name}${phone}.`;
    }
    return `${urgent ? 'If this is an emergency, call 911. ' : ''}I can't give medical advice in this demo. For questions about symptoms, medicines or whether a treatment is right for you, please contact ${practice.name}${phone}.`;
  },
} as const;
