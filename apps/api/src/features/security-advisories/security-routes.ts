import {
  ADVISORY_MESSAGES,
  ADVISORY_PATHS,
  AdvisoryDetail,
  AdvisoryDraft,
  AdvisoryDraftContent,
  AdvisoryDraftList,
  AdvisoryDraftParams,
  AdvisoryParams,
  AdvisoryPreview,
  ErrorBody,
  PublishAdvisoryRequest,
  PublishRefused as PublishRefusedBody,
  SECURITY_ACCESS,
  SecurityReleases,
} from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { STAFF_AUTH_RESPONSES, StaffAuthorizationHeaders } from '../../plugins/staff-auth';
import {
  checkDraft,
  createDraft,
  deleteDraft,
  DraftGone,
  DraftRefused,
  draftRevision,
  DraftStale,
  listDrafts,
  planPublication,
  publishDraft,
  PublishRefused,
  readDraft,
  replaceDraft,
} from './advisories';
import { csafProblems } from './csaf-validation';
import { previewDetail } from './preview';

/**
 * Drafting, previewing, publishing and revising advisories (docs/security-advisories.md):
 * role `security`. Any member of the security team may continue any draft.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['security-advisories'];
  const config = { staffAccess: SECURITY_ACCESS } as const;
  const context = app.advisories.publishContext;

  /** The portal's own refusals of a draft, as answers; anything else is thrown on. */
  const refusal = (reply: FastifyReply, error: unknown) => {
    if (error instanceof DraftRefused) return reply.status(400).send({ message: error.message });
    if (error instanceof DraftGone) return reply.status(404).send({ message: error.message });
    if (error instanceof DraftStale) return reply.status(409).send({ message: error.message });
    if (error instanceof PublishRefused)
      return reply.status(422).send({ message: error.message, problems: error.problems });
    throw error;
  };

  app.get(
    ADVISORY_PATHS.releases,
    {
      config,
      schema: {
        tags,
        summary: 'The published releases a draft may name as affected, fixed or not affected',
        headers: StaffAuthorizationHeaders,
        response: { 200: SecurityReleases, ...STAFF_AUTH_RESPONSES },
      },
    },
    async () => ({ releases: await context.releases() }),
  );

  app.get(
    ADVISORY_PATHS.drafts,
    {
      config,
      schema: {
        tags,
        summary: 'The open advisory drafts, last changed first',
        headers: StaffAuthorizationHeaders,
        response: { 200: AdvisoryDraftList, ...STAFF_AUTH_RESPONSES },
      },
    },
    async () => ({ drafts: await listDrafts(app.db) }),
  );

  app.post(
    ADVISORY_PATHS.drafts,
    {
      config,
      schema: {
        tags,
        summary: 'A new advisory or not-affected statement draft; every release it names must be published',
        headers: StaffAuthorizationHeaders,
        body: AdvisoryDraftContent,
        response: { 201: AdvisoryDraft, 400: ErrorBody, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      try {
        checkDraft(request.body, await context.releases());
      } catch (error) {
        return refusal(reply, error);
      }
      return reply.status(201).send(await createDraft(app.db, request.body, request.staff!.email));
    },
  );

  app.get(
    ADVISORY_PATHS.draft,
    {
      config,
      schema: {
        tags,
        summary: 'One draft',
        headers: StaffAuthorizationHeaders,
        params: AdvisoryDraftParams,
        response: { 200: AdvisoryDraft, 404: ErrorBody, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      const draft = await readDraft(app.db, request.params.id);
      if (!draft) return reply.status(404).send({ message: ADVISORY_MESSAGES.noSuchDraft });
      return draft;
    },
  );

  app.put(
    ADVISORY_PATHS.draft,
    {
      config,
      schema: {
        tags,
        summary: "Replace a draft's content",
        headers: StaffAuthorizationHeaders,
        params: AdvisoryDraftParams,
        body: AdvisoryDraftContent,
        response: { 200: AdvisoryDraft, 400: ErrorBody, 404: ErrorBody, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      try {
        checkDraft(request.body, await context.releases());
      } catch (error) {
        return refusal(reply, error);
      }
      const draft = await replaceDraft(app.db, request.params.id, request.body, request.staff!.email);
      if (!draft) return reply.status(404).send({ message: ADVISORY_MESSAGES.noSuchDraft });
      return draft;
    },
  );

  app.delete(
    ADVISORY_PATHS.draft,
    {
      config,
      schema: {
        tags,
        summary: 'Discard a draft',
        headers: StaffAuthorizationHeaders,
        params: AdvisoryDraftParams,
        response: { 204: Type.Null(), 404: ErrorBody, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      if (!(await deleteDraft(app.db, request.params.id)))
        return reply.status(404).send({ message: ADVISORY_MESSAGES.noSuchDraft });
      return reply.status(204).send(null);
    },
  );

  app.get(
    ADVISORY_PATHS.preview,
    {
      config,
      schema: {
        tags,
        summary: 'The draft as it would be published now: its CSAF document, its public page, and every problem',
        headers: StaffAuthorizationHeaders,
        params: AdvisoryDraftParams,
        response: { 200: AdvisoryPreview, 400: ErrorBody, 404: ErrorBody, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      const draft = await readDraft(app.db, request.params.id);
      if (!draft) return reply.status(404).send({ message: ADVISORY_MESSAGES.noSuchDraft });
      try {
        const summary = draft.advisoryId ? 'Revision (its summary is given when publishing).' : undefined;
        const plan = await planPublication(app.db, draft, summary, context, new Date());
        return { csaf: plan.csaf, advisory: previewDetail(draft, plan), problems: await csafProblems(plan.csaf) };
      } catch (error) {
        return refusal(reply, error);
      }
    },
  );

  app.post(
    ADVISORY_PATHS.publish,
    {
      config,
      schema: {
        tags,
        summary:
          'Publish a draft: a new advisory, or a new revision of the one it revises. Refused (422) with every problem unless the CSAF document passes the CSAF 2.0 schema and mandatory tests',
        headers: StaffAuthorizationHeaders,
        params: AdvisoryDraftParams,
        body: PublishAdvisoryRequest,
        response: {
          200: AdvisoryDetail,
          400: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          422: PublishRefusedBody,
          ...STAFF_AUTH_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      let published: { advisoryId: string };
      try {
        published = await publishDraft(
          app.db,
          request.params.id,
          request.body.revisionSummary,
          request.staff!.email,
          context,
          (tx, act) => app.auditLog.record(tx, request, act),
        );
      } catch (error) {
        return refusal(reply, error);
      }
      // This portal serves the new revision at once; the others on their NOTIFY.
      app.advisories.published.invalidate();
      return (await app.advisories.published.get()).details.get(published.advisoryId)!;
    },
  );

  app.post(
    ADVISORY_PATHS.revise,
    {
      config,
      schema: {
        tags,
        summary: "A new draft holding a published advisory's current content, to publish as its next revision",
        headers: StaffAuthorizationHeaders,
        params: AdvisoryParams,
        response: { 201: AdvisoryDraft, 404: ErrorBody, 409: ErrorBody, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      try {
        return reply.status(201).send(await draftRevision(app.db, request.params.advisoryId, request.staff!.email));
      } catch (error) {
        return refusal(reply, error);
      }
    },
  );
};

export const securityRoutes = fp(routes, {
  name: 'security-advisory-routes',
  dependencies: ['config', 'database', 'staff-roles', 'audit-log', 'advisories'],
  encapsulate: true,
});
