import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { map, Observable } from 'rxjs';

/**
 * The total of a list, for react-admin's ra-data-simple-rest (it reads the number after the slash of
 * Content-Range): 'locations 0-2/3', or a star range with total 0 for an empty list. The header is exposed to
 * cross-origin readers too, for a console served from another origin.
 */
export function contentRange(resource: string, count: number): string {
  return count === 0 ? `${resource} */0` : `${resource} 0-${count - 1}/${count}`;
}

@Injectable()
export class ContentRangeInterceptor implements NestInterceptor {
  constructor(private readonly resource: string) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return next.handle().pipe(
      map((body) => {
        if (Array.isArray(body)) {
          void reply.header('Content-Range', contentRange(this.resource, body.length));
          void reply.header('Access-Control-Expose-Headers', 'Content-Range');
        }
        return body;
      }),
    );
  }
}

/** Marks a list endpoint as CRUD-shaped for react-admin: `@UseInterceptors(listOf('locations'))`. */
export const listOf = (resource: string) => new ContentRangeInterceptor(resource);
