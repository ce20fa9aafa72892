import { DomainErrorKind, DomainErrorKinds, DomainException } from '@pp/platform';
import { PageUrlMessages } from './page-urls';

export enum KnowledgeExceptionCode {
  /** A page to process is not an http(s) page of the practice's website, or the practice has no website. */
  InvalidUrls = 'KNOWLEDGE_INVALID_URLS',
  /** A delete request that does not say exactly one thing to delete, or names malformed chunk ids. */
  InvalidDelete = 'KNOWLEDGE_INVALID_DELETE',
  /** A processing run of the practice is still going. */
  AlreadyProcessing = 'KNOWLEDGE_ALREADY_PROCESSING',
  /** The job could not be handed to the queue (Redis did not answer); nothing was started. */
  QueueUnavailable = 'KNOWLEDGE_QUEUE_UNAVAILABLE',
}

const kinds: DomainErrorKinds<KnowledgeExceptionCode> = {
  [KnowledgeExceptionCode.InvalidUrls]: DomainErrorKind.Invalid,
  [KnowledgeExceptionCode.InvalidDelete]: DomainErrorKind.Invalid,
  [KnowledgeExceptionCode.AlreadyProcessing]: DomainErrorKind.Conflict,
  [KnowledgeExceptionCode.QueueUnavailable]: DomainErrorKind.Unavailable,
};

export const KnowledgeMessages = {
  noWebsite: PageUrlMessages.noWebsite,
  deleteWhat: 'Say what to delete: {"delete_all": true}, {"urls": [...]} or ?ids=<chunk ids>, one of them',
  deleteAllTrue: 'delete_all must be true',
  badIds: 'ids must be comma-separated chunk ids',
  tooManyIds: 'At most 1000 chunk ids can be deleted at once',
  alreadyProcessing: 'Your knowledge is already being processed. Please wait until it finishes.',
  queueUnavailable: 'Could not start processing right now. Please try again.',
  /** Safe texts a failed run shows (never a stack or an internal address). */
  nothingRead: (host: string) =>
    `We could not read any page of ${host}. Check the website address and try again.`,
  pageUnread: 'This page could not be read.',
  runFailed: 'Processing failed. Please try again.',
  alreadyRunning: 'Another processing run of this practice was still going.',
} as const;

export class KnowledgeException extends DomainException<KnowledgeExceptionCode> {
  constructor(code: KnowledgeExceptionCode, detail: string) {
    super(code, detail, kinds[code]);
  }
}
