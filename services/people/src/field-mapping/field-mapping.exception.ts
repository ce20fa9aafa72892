import { DomainErrorKind, DomainErrorKinds, DomainException } from '@pp/platform';

export enum FieldMappingExceptionCode {
  /** A PUT body that is not a mapping of field names (1–200 characters, at most 500) to known targets. */
  InvalidMapping = 'FIELD_MAPPING_INVALID',
}

const kinds: DomainErrorKinds<FieldMappingExceptionCode> = {
  [FieldMappingExceptionCode.InvalidMapping]: DomainErrorKind.Invalid,
};

export class FieldMappingException extends DomainException<FieldMappingExceptionCode> {
  constructor(code: FieldMappingExceptionCode, detail: string) {
    super(code, detail, kinds[code]);
  }

  static invalid(detail: string): FieldMappingException {
    return new FieldMappingException(FieldMappingExceptionCode.InvalidMapping, detail);
  }
}
