import {
  CATALOGUE_CHANGED_SINCE_PREVIEW_MESSAGE,
  Draft,
  DraftList,
  DraftManifestBody,
  DRAFT_NOT_A_MANIFEST_MESSAGE,
  DraftParams,
  DraftPreview,
  DraftPreviewRequest,
  DraftPublishRefused,
  DraftPublished,
  DraftRefused,
  ErrorBody,
  NO_DRAFT_MESSAGE,
  PUBLISHING_PATHS,
  PublishDraft,
  type CatalogueManifest,
} from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { STAFF_AUTH_RESPONSES, StaffAuthorizationHeaders } from '../../plugins/staff-auth';
import { ChangeRefused, type ChangeAuthor } from './change-set';
import {
  createDraft,
  deleteDraft,
  listDrafts,
  previewDraft,
  publishDraft,
  readDraft,
  replaceDraft,
  scheduleDraftSweep,
  shapeProblems,
  StalePreview,
} from './drafts';
import { readChange } from './history';

/**
 * Drafts, their preview and their publish (docs/publishing.md#drafts): the API half of the
 * browser door. Role `publisher`;
 * any publisher may continue any draft. No registration ID or key ID is ever in a URL: the
 * preview takes it in its body, so no access log keeps it.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['publishing'];
  // The publishing routes an API token of scope `publish` may use (docs/decisions/260).
  const config = { staffAccess: 'publisher', apiTokenScope: 'publish' } as const;
  const expiryDays = app.config.draftExpiryDays;
  const sweep = scheduleDraftSweep(app.db, app.blobStore, expiryDays, app.log);
  app.addHook('onClose', () => sweep.stop());

  const previewContext = { secretKey: app.secretKey, blobStore: app.blobStore, live: () => app.catalogue.get() };
  const authorOf = (request: FastifyRequest): ChangeAuthor => ({
    actor: request.staff!.email,
    door: request.staff!.apiToken ? 'api-token' : 'browser',
    audit: (tx, act) => app.auditLog.record(tx, request, act),
  });
  /** A catalogue.json of the right shape, else its problems (nothing is stored then). */
  const manifestOf = (body: unknown): { manifest: CatalogueManifest } | { refused: DraftRefused } => {
    const problems = shapeProblems(body);
    return problems.length > 0
      ? { refused: { message: DRAFT_NOT_A_MANIFEST_MESSAGE, problems } }
      : { manifest: body as CatalogueManifest };
  };

  app.get(
    PUBLISHING_PATHS.drafts,
    {
      config,
      schema: {
        tags,
        summary: 'The drafts in progress, oldest first',
        headers: StaffAuthorizationHeaders,
        response: { 200: DraftList, ...STAFF_AUTH_RESPONSES },
      },
    },
    async () => ({ drafts: await listDrafts(app.db, expiryDays) }),
  );

  app.post(
    PUBLISHING_PATHS.drafts,
    {
      config,
      schema: {
        tags,
        summary: 'A new draft from a catalogue.json (files named by SHA-256); answers it with its problems',
        headers: StaffAuthorizationHeaders,
        body: DraftManifestBody,
        response: { 201: Draft, 400: DraftRefused, 404: ErrorBody, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      const checked = manifestOf(request.body);
      if ('refused' in checked) return reply.status(400).send(checked.refused);
      const id = await createDraft(app.db, checked.manifest, request.staff!.email);
      const draft = await readDraft(app.db, id, expiryDays, app.blobStore);
      if (!draft) return reply.status(404).send({ message: NO_DRAFT_MESSAGE });
      return reply.status(201).send(draft);
    },
  );

  app.get(
    PUBLISHING_PATHS.draft,
    {
      config,
      schema: {
        tags,
        summary: 'One draft in progress: its entries, its files (stored or awaiting upload) and its problems',
        headers: StaffAuthorizationHeaders,
        params: DraftParams,
        response: { 200: Draft, 404: ErrorBody, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      const draft = await readDraft(app.db, request.params.draftId, expiryDays, app.blobStore);
      if (!draft) return reply.status(404).send({ message: NO_DRAFT_MESSAGE });
      return draft;
    },
  );

  app.put(
    PUBLISHING_PATHS.draft,
    {
      config,
      schema: {
        tags,
        summary: "Replace a draft's entries with a catalogue.json; answers it with its problems",
        headers: StaffAuthorizationHeaders,
        params: DraftParams,
        body: DraftManifestBody,
        response: { 200: Draft, 400: DraftRefused, 404: ErrorBody, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      const checked = manifestOf(request.body);
      if ('refused' in checked) return reply.status(400).send(checked.refused);
      const replaced = await replaceDraft(app.db, request.params.draftId, checked.manifest, request.staff!.email);
      const draft = replaced ? await readDraft(app.db, request.params.draftId, expiryDays, app.blobStore) : undefined;
      if (!draft) return reply.status(404).send({ message: NO_DRAFT_MESSAGE });
      return draft;
    },
  );

  app.delete(
    PUBLISHING_PATHS.draft,
    {
      config,
      schema: {
        tags,
        summary: 'Discard a draft in progress',
        headers: StaffAuthorizationHeaders,
        params: DraftParams,
        response: { 204: Type.Null(), 404: ErrorBody, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      if (!(await deleteDraft(app.db, request.params.draftId))) {
        return reply.status(404).send({ message: NO_DRAFT_MESSAGE });
      }
      return reply.status(204).send(null);
    },
  );

  app.post(
    PUBLISHING_PATHS.preview,
    {
      config,
      schema: {
        tags,
        summary:
          "The draft's diff against the live catalogue and, for a registration ID or key ID in the body, what its lookups list before and after",
        headers: StaffAuthorizationHeaders,
        params: DraftParams,
        body: DraftPreviewRequest,
        response: { 200: DraftPreview, 400: ErrorBody, 404: ErrorBody, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      if (request.body.registrationId !== undefined && request.body.keyId !== undefined) {
        return reply.status(400).send({ message: 'Give a registration ID or a key ID, not both.' });
      }
      const preview = await previewDraft(app.db, request.params.draftId, request.body, previewContext);
      if (!preview) return reply.status(404).send({ message: NO_DRAFT_MESSAGE });
      return preview;
    },
  );

  app.post(
    PUBLISHING_PATHS.publication,
    {
      config,
      schema: {
        tags,
        summary:
          'Publish a draft, given the catalogueVersion its preview answered; refused with the new diff if the catalogue changed since',
        headers: StaffAuthorizationHeaders,
        params: DraftParams,
        body: PublishDraft,
        response: {
          200: DraftPublished,
          400: ErrorBody,
          404: ErrorBody,
          409: DraftPublishRefused,
          ...STAFF_AUTH_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      try {
        const applied = await publishDraft(
          app.db,
          request.params.draftId,
          request.body.catalogueVersion,
          authorOf(request),
          previewContext,
        );
        // This portal answers from the new catalogue at once; the others on their NOTIFY.
        app.catalogue.invalidate(applied.changeId);
        return { change: (await readChange(app.db, applied.changeId))! };
      } catch (error) {
        if (error instanceof StalePreview) {
          return reply.status(409).send({ message: CATALOGUE_CHANGED_SINCE_PREVIEW_MESSAGE, preview: error.preview });
        }
        if (error instanceof ChangeRefused) return reply.status(error.status).send({ message: error.message });
        throw error;
      }
    },
  );
};

export const draftRoutes = fp(routes, {
  name: 'publishing-draft-routes',
  dependencies: ['config', 'database', 'staff-roles', 'audit-log', 'blob-store', 'catalogue'],
  encapsulate: true,
});
