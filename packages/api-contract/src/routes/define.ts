import { createRoute } from '@hono/zod-openapi';
import type { RouteConfig } from '@hono/zod-openapi';
import type { z } from '@hono/zod-openapi';
import { ErrorResponseSchema } from '../schemas/common';

/**
 * Who may call a route: `public` needs no login; `authenticated` any logged user; `Read`/`Write`/`Deploy` that
 * right on the category of the scenario (or of the created scenario); `admin` an administrator.
 */
export type RoutePermission = 'public' | 'authenticated' | 'Read' | 'Write' | 'Deploy' | 'admin';

/** The OpenAPI extension that carries a route's permission, so tests and tools can read it from the document. */
export const PERMISSION_EXTENSION = 'x-scenaria-permission';

const errorContent = { 'application/json': { schema: ErrorResponseSchema } };

const errorResponses = {
  400: { description: 'Bad input: the message says what and where.', content: errorContent },
  401: { description: 'No or wrong credentials.', content: errorContent },
  403: { description: 'The user lacks the right this route needs.', content: errorContent },
  404: { description: 'The scenario (or version, activity, attachment) does not exist.', content: errorContent },
  409: { description: 'Not allowed in the current state (for example archived).', content: errorContent },
  429: { description: 'Refused for now (backpressure): try again after the Retry-After seconds.', content: errorContent },
  502: { description: 'Another server this one called (a remote environment) failed or refused: the message names it.', content: errorContent },
  503: { description: 'Cannot be done right now (a configuration reload replaced the deployment manager): try again after the Retry-After seconds.', content: errorContent },
  504: { description: 'Another server this one called (a remote environment) did not answer in time.', content: errorContent },
} as const;

type ErrorStatus = keyof typeof errorResponses;

/** A route of the contract: `createRoute` plus its permission and the error answers it can give. */
export function defineRoute<const R extends RouteConfig, const E extends ErrorStatus = never>(
  permission: RoutePermission,
  config: R,
  errors: readonly E[] = [],
) {
  const responses: Record<string, unknown> = { ...config.responses };
  const statuses = new Set<ErrorStatus>([400, ...errors]);
  if (permission !== 'public') statuses.add(401);
  if (permission !== 'public' && permission !== 'authenticated') statuses.add(403);
  for (const status of statuses) responses[status] = errorResponses[status];
  return createRoute({
    ...config,
    ...(permission === 'public' ? {} : { security: [{ basicAuth: [] }] }),
    [PERMISSION_EXTENSION]: permission,
    responses: responses as R['responses'] & Pick<typeof errorResponses, E | 400 | 401 | 403>,
  });
}

/** The permission of a route defined with `defineRoute`. */
export function routePermission(route: RouteConfig): RoutePermission {
  return (route as unknown as Record<string, RoutePermission>)[PERMISSION_EXTENSION] ?? 'authenticated';
}

/** Content of a JSON response or body. */
export function jsonContent<T extends z.ZodType>(schema: T) {
  return { 'application/json': { schema } } as const;
}
