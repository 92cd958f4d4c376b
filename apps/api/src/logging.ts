import type { FastifyLoggerOptions, FastifyRequest, LogLevel } from 'fastify';

/**
 * What the portal logs about a request: its method, the route's pattern and the client
 * address. Never the URL: a path (`/v1/Cornerstone/DSV/{registrationId}/…`) or a query
 * string (`?registrationId=`, `?bearer=`) can carry a credential.
 */
export function loggerOptions(level: LogLevel = 'info'): FastifyLoggerOptions & { level: LogLevel; redact: string[] } {
  return {
    level,
    redact: ['req.headers.authorization'],
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        route: request.routeOptions?.url ?? '(no route)',
        ip: request.ip,
      }),
    },
  };
}
