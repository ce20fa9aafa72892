import { Inject, Injectable, Optional } from '@nestjs/common';
import type { LanguageModel } from '@pp/ai';
import { canAccessPractice, Identity } from '@pp/platform';
import { DataSource } from 'typeorm';
import { PracticeKnowledge } from '../../knowledge-context/practice-knowledge';
import { Person } from '../../persons/person.entity';
import { PersonException } from '../../persons/person.exception';
import { Clock } from '../clock';
import { readTimeline } from '../engine-store';
import { conversation } from '../insights-rules';
import { LANGUAGE_MODEL } from '../language-model';
import { leadLocation, PracticeSettings } from '../practice-settings';
import { quotableFacts } from '../quotable-facts';
import { AskAiResponse } from './ask-ai.dto';

const PASSAGES = 5;
const TIMELINE_TURNS = 30;

/** Staff ask the AI about a lead: answered from its timeline and the practice's knowledge, with citations. */
@Injectable()
export class AskAiService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: PracticeSettings,
    private readonly clock: Clock,
    @Optional() @Inject(LANGUAGE_MODEL) private readonly model: LanguageModel | null,
    @Optional() @Inject(PracticeKnowledge) private readonly knowledge: PracticeKnowledge | null,
  ) {}

  async ask(identity: Identity, personId: string, question: string): Promise<AskAiResponse> {
    const person = await this.dataSource.getRepository(Person).findOneBy({ person_id: personId });
    if (!person || !canAccessPractice(identity, person.practice_id)) throw PersonException.notFound();
    if (!this.model) throw new Error('No language model is configured');
    const practice = await this.settings.practice(person.practice_id);
    const location = practice ? leadLocation(practice, null) : null;
    const passages = this.knowledge
      ? await this.knowledge.passages(person.practice_id, question, PASSAGES)
      : [];
    const offer = this.knowledge ? await this.knowledge.offer(person.practice_id) : null;
    const timeline = await readTimeline(this.dataSource.manager, person.person_id);
    const insights = person.current_outreach_state?.ai_insights ?? {};
    const answer = await this.model.answer({
      ...quotableFacts(offer, location, this.clock.now()),
      question: question.trim(),
      context: passages.map((p) => ({
        id: p.chunk_id,
        text: p.content,
        url: p.source_url,
        title: p.page_title,
      })),
      practice: { name: practice?.name ?? 'the practice', locationName: location?.name ?? null },
      lead: {
        name: [person.first_name, person.last_name].filter(Boolean).join(' ') || null,
        summary: typeof insights.inquiry_summary === 'string' ? insights.inquiry_summary : null,
        procedures: Array.isArray(insights.procedures_of_interest) ? insights.procedures_of_interest : [],
        stage: person.stage,
        timeline: conversation(timeline, null, TIMELINE_TURNS),
      },
    });
    const byId = new Map(passages.map((p) => [p.chunk_id, p]));
    return {
      answer: answer.answer,
      grounded: answer.grounded,
      citations: answer.citations
        .map((id) => byId.get(id))
        .filter((p): p is NonNullable<typeof p> => Boolean(p))
        .map((p) => ({ chunk_id: p.chunk_id, source_url: p.source_url, page_title: p.page_title })),
    };
  }
}
