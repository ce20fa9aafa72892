import { EmailApiMessages } from '@pp/contracts';
import { DomainErrorKind, DomainErrorKinds, DomainException } from '@pp/platform';

export enum EmailExceptionCode {
  AccountNotFound = 'EMAIL_ACCOUNT_NOT_FOUND',
  ProviderInvalid = 'EMAIL_PROVIDER_INVALID',
  /** The provider's OAuth client, or the token key, is not configured on this installation. */
  NotConfigured = 'EMAIL_NOT_CONFIGURED',
  /** The account's grant is gone: staff must connect it again. */
  ReconnectNeeded = 'EMAIL_RECONNECT_NEEDED',
  /** The provider could not be reached or refused for another reason. */
  ProviderUnavailable = 'EMAIL_PROVIDER_UNAVAILABLE',
  /** An unsubscribe link whose signature does not hold, or whose lead is gone. */
  UnsubscribeLinkInvalid = 'EMAIL_UNSUBSCRIBE_LINK_INVALID',
}

const kinds: DomainErrorKinds<EmailExceptionCode> = {
  [EmailExceptionCode.AccountNotFound]: DomainErrorKind.NotFound,
  [EmailExceptionCode.ProviderInvalid]: DomainErrorKind.Invalid,
  [EmailExceptionCode.NotConfigured]: DomainErrorKind.Conflict,
  [EmailExceptionCode.ReconnectNeeded]: DomainErrorKind.Conflict,
  [EmailExceptionCode.ProviderUnavailable]: DomainErrorKind.Unavailable,
  [EmailExceptionCode.UnsubscribeLinkInvalid]: DomainErrorKind.NotFound,
};

export class EmailException extends DomainException<EmailExceptionCode> {
  constructor(code: EmailExceptionCode, detail: string) {
    super(code, detail, kinds[code]);
  }

  static accountNotFound(): EmailException {
    return new EmailException(EmailExceptionCode.AccountNotFound, EmailApiMessages.accountNotFound);
  }

  static providerInvalid(): EmailException {
    return new EmailException(EmailExceptionCode.ProviderInvalid, EmailApiMessages.providerInvalid);
  }

  static notConfigured(detail: string): EmailException {
    return new EmailException(EmailExceptionCode.NotConfigured, detail);
  }

  static reconnectNeeded(address: string): EmailException {
    return new EmailException(
      EmailExceptionCode.ReconnectNeeded,
      `The email account ${address} must be connected again`,
    );
  }

  static providerUnavailable(): EmailException {
    return new EmailException(
      EmailExceptionCode.ProviderUnavailable,
      'The email provider could not be reached. Please try again shortly.',
    );
  }

  static unsubscribeLinkInvalid(): EmailException {
    return new EmailException(EmailExceptionCode.UnsubscribeLinkInvalid, 'Unsubscribe link not found');
  }
}
