import { UnprocessableEntityException, ValidationError, ValidationPipe } from '@nestjs/common';
import { ValidateIf } from 'class-validator';

/**
 * The first human-readable message of a class-validator error tree. Of a field's failed constraints the
 * one declared first (topmost decorator, e.g. "is required") wins over later ones (e.g. a length limit).
 */
export function firstValidationMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    const messages = Object.values(error.constraints ?? {});
    if (messages.length > 0) return messages[messages.length - 1];
    const nested = firstValidationMessage(error.children ?? []);
    if (nested) return nested;
  }
  return 'Invalid request';
}

/** Global validation: unknown fields rejected, types transformed, failures are 422 `{"detail"}`. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => new UnprocessableEntityException(firstValidationMessage(errors)),
  });
}

/**
 * For a field a client may leave out but never set to null (class-validator's @IsOptional lets null through
 * to the handler): the field's other rules run for null too, so `{"name": null}` is a 422 with that field's
 * message.
 */
export function OptionalNotNull(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined);
}
