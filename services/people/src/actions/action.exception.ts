import { DomainErrorKind, DomainErrorKinds, DomainException } from '@pp/platform';

export enum ActionExceptionCode {
  /** The action cannot be applied to this lead as asked (missing message, no phone, opted out ...). */
  NotApplicable = 'ACTION_NOT_APPLICABLE',
}

const kinds: DomainErrorKinds<ActionExceptionCode> = {
  [ActionExceptionCode.NotApplicable]: DomainErrorKind.Invalid,
};

/** Its messages are the action plan's (`ActionMessages` in action-plan.ts). */
export class ActionException extends DomainException<ActionExceptionCode> {
  constructor(code: ActionExceptionCode, detail: string) {
    super(code, detail, kinds[code]);
  }
}
