import { GRAPHQL_ENDPOINTS, httpStatusOf } from '@ceppro/contract';
import { valueFromASTUntyped } from 'graphql';
import { createSchema, createYoga, renderGraphiQL, type Plugin } from 'graphql-yoga';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error';
import { withGraphAudit } from '../audit';
import { admitBearer, clientOf, type AuthContext } from '../../http/require-user';
import type { SessionService } from '../auth/session.service';
import { analysisRecordResolvers } from './analysis-record.resolvers';
import { chartResolvers } from './chart.resolvers';
import { ANSWER_LIMITS, createAnswerBudget, tooLargeAnswer, useAnswerLimit } from './graph-answer';
import type { GraphContext, GraphServices } from './graph-context';
import { toGraphError, useCatalogueCodes, useNoIntrospection, useNoSuggestions } from './graph-errors';
import { useGraphLimits, useNoNulLiterals } from './graph-limits';
import { patientResolvers } from './patient.resolvers';
import { userConfigResolvers } from './user-config.resolvers';
import { typeDefs } from './schema.graphql';

export const GRAPHQL_PATH = GRAPHQL_ENDPOINTS.query.path;

const GRAPHIQL_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline' blob: https://unpkg.com; worker-src 'self' blob: https://unpkg.com; " +
  ("style-src 'self' 'unsafe-inline' https://unpkg.com; img-src 'self' data: https:; font-src " +
    "'self' data: https://unpkg.com; frame-ancestors 'none'");

/**
 * The JSON scalar as a plain resolver object, not a GraphQLScalarType: under the test runner the
 * graphql package can load as two copies (ESM and CJS builds), and a type built by one is refused
 * by the other. Stored documents are validated by the services' zod schemas, not here.
 */
const JsonScalar = {
  serialize: (value: unknown) => value,
  parseValue: (value: unknown) => value,
  parseLiteral: valueFromASTUntyped,
};

/**
 * The graph query service (docs/spec-points.md §7): one POST endpoint, bearer only. Authentication runs in a
 * Fastify hook, so an unauthenticated call is an HTTP 401 with the REST envelope (J001/J002/J005)
 * the web app's interceptor already handles. In production the schema cannot be introspected, errors
 * suggest no field names, and GraphiQL is not served.
 */
export function registerGraphqlRoutes(
  app: FastifyInstance,
  deps: { services: GraphServices; sessions: SessionService; production: boolean },
): void {
  const { services, sessions, production } = deps;
  const callers = new WeakMap<FastifyRequest, AuthContext>();
  // Views and changes of patient data are recorded in the audit trail (features/audit/audit-graph.ts).
  const parts = withGraphAudit(
    [patientResolvers(services), chartResolvers(services), analysisRecordResolvers(services), userConfigResolvers(services)],
    services.audit,
  );
  const schema = createSchema<GraphContext>({
    typeDefs,
    resolvers: [{ JSON: JsonScalar }, ...parts],
  });
  // The limits come first: an oversized document is refused before it is validated or run.
  const plugins: Array<Plugin<GraphContext>> = [...useGraphLimits(), useNoNulLiterals(), useCatalogueCodes(), useAnswerLimit()];
  if (production) {
    plugins.push(useNoIntrospection(), useNoSuggestions());
  }
  // The caller travels as the server context, so every resolver's context carries `userId` and `actor`.
  const yoga = createYoga<GraphContext>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    // Served by the GET route below (development only).
    graphiql: false,
    landingPage: false,
    // CORS is the server's policy (http/security-headers.ts, CORS_ORIGINS): Yoga's own default would
    // echo any Origin with credentials allowed on every answer, and cost a plugin per request.
    cors: false,
    logging: false,
    plugins,
    maskedErrors: { maskError: (error) => toGraphError(error, (cause) => app.log.error({ err: cause }, 'graphql resolver failed')) },
  });

  app.route({
    url: GRAPHQL_PATH,
    method: 'POST',
    onRequest: async (request, reply) => {
      callers.set(request, await admitBearer(request, reply, sessions));
    },
    handler: async (request, reply) => {
      const caller = callers.get(request);
      // The onRequest hook ran for this request; no user here would be a wiring mistake.
      if (caller === undefined) throw new AppError('J001');
      // The actor (space and role) was read with the session by the bearer check: once per request.
      const context = { userId: caller.userId, actor: caller.actor, client: clientOf(request), answer: createAnswerBudget() };
      const response = await yoga.handleNodeRequestAndResponse(request, reply, context);
      const body = Buffer.from(await response.arrayBuffer());
      // The document budget keeps answers far below this; an answer over it is never sent.
      if (body.byteLength > ANSWER_LIMITS.bytes) {
        app.log.error({ bytes: body.byteLength }, 'graphql answer over the size limit');
        return reply.status(httpStatusOf('RESPONSE_TOO_LARGE')).type('application/json; charset=utf-8').send(tooLargeAnswer());
      }
      response.headers.forEach((value, key) => void reply.header(key, value));
      reply.status(response.status);
      return reply.send(body);
    },
  });

  if (!production) {
    // GraphiQL's page only, rendered here rather than by Yoga so a GET can never execute an
    // operation without the bearer check; the page's own requests are POSTs with a token.
    // The page is an inline script loading GraphiQL from unpkg: its own CSP, in development only.
    app.get(GRAPHQL_PATH, async (_request, reply) =>
      reply
        .header('content-security-policy', GRAPHIQL_CSP)
        .type('text/html; charset=utf-8')
        .send(renderGraphiQL({ endpoint: GRAPHQL_PATH, title: 'Ceppro graph', headers: '{"authorization": "Bearer <token>"}' })),
    );
  }
}
