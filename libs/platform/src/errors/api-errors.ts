import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiResponse } from '@nestjs/swagger';

/** The body of every error response (the global exception filter's envelope). */
export class ErrorResponseDto {
  @ApiProperty({ description: 'What went wrong, for the user', example: 'Person not found' })
  detail: string;
}

const DESCRIPTIONS: Record<number, string> = {
  400: 'Malformed request',
  401: 'No, expired or revoked credentials',
  403: 'Not allowed',
  404: 'Not found, or another practice’s record',
  409: 'Conflicts with the current state',
  413: 'Body too large',
  422: 'A field breaks its rule; the detail names the first problem',
  429: 'Too many attempts; see Retry-After',
  503: 'A service it depends on did not answer; retry later',
};

/** Documents the given error statuses of a route (or every route of a controller) with the envelope schema. */
export function ApiErrors(...statuses: number[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({ status, description: DESCRIPTIONS[status] ?? 'Error', type: ErrorResponseDto }),
    ),
  );
}
