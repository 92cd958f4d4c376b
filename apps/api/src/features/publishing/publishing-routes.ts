import {
  CatalogueChangeDetail,
  CatalogueChangeList,
  CatalogueChangeParams,
  CatalogueChangesQuery,
  ErrorBody,
  NO_CATALOGUE_CHANGE_MESSAGE,
  NO_PUBLISHED_FILE_MESSAGE,
  PublishedFileAnswer,
  PublishedFilePage,
  PublishedFileParams,
  PublishedFilesQuery,
  PUBLISHED_FILES_CURSOR_MESSAGE,
  PUBLISHING_PATHS,
  RestoreFile,
  WithdrawFile,
} from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { STAFF_AUTH_RESPONSES, StaffAuthorizationHeaders } from '../../plugins/staff-auth';
import { applyChangeSet, ChangeRefused, type ChangeAuthor, type ChangeSet } from './change-set';
import { changeWithDiff, listChanges } from './history';
import { CursorRefused, publishedFile, publishedFilePage } from './published-files';

/**
 * The publishing screen's door (docs/publishing.md): withdraw and restore published files,
 * read the change history. Role `publisher`. A withdrawal or restoration is a change set
 * like an import, applied and recorded by the same pipeline (change-set.ts).
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['publishing'];
  const config = { staffAccess: 'publisher' } as const;
  const authorOf = (request: FastifyRequest): ChangeAuthor => ({
    actor: request.staff!.email,
    door: 'browser',
    audit: (tx, act) => app.auditLog.record(tx, request, act),
  });

  const apply = async (
    request: FastifyRequest,
    reply: FastifyReply,
    changeSet: Extract<ChangeSet, { kind: 'withdrawal' | 'restoration' }>,
  ) => {
    let changeId: number;
    try {
      ({ changeId } = await applyChangeSet(app.db, changeSet, authorOf(request), {
        secretKey: app.secretKey,
        blobStore: app.blobStore,
      }));
    } catch (error) {
      if (error instanceof ChangeRefused) return reply.status(error.status).send({ message: error.message });
      throw error;
    }
    // This portal answers from the new catalogue at once; the others on their NOTIFY.
    app.catalogue.invalidate(changeId);
    const file = await publishedFile(app.db, changeSet.fileId);
    if (!file) return reply.status(404).send({ message: NO_PUBLISHED_FILE_MESSAGE });
    return reply.send({ file });
  };

  app.get(
    PUBLISHING_PATHS.files,
    {
      config,
      schema: {
        tags,
        summary:
          'A page of the published files, live or withdrawn, with where each is published: filtered, ordered, and paged by cursor',
        headers: StaffAuthorizationHeaders,
        querystring: PublishedFilesQuery,
        response: { 200: PublishedFilePage, 400: ErrorBody, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      try {
        return await publishedFilePage(app.db, request.query);
      } catch (error) {
        if (error instanceof CursorRefused) return reply.status(400).send({ message: PUBLISHED_FILES_CURSOR_MESSAGE });
        throw error;
      }
    },
  );

  app.post(
    PUBLISHING_PATHS.withdrawal,
    {
      config,
      schema: {
        tags,
        summary:
          'Withdraw a published file: it leaves every lookup and its links answer that it was withdrawn; answers the file',
        headers: StaffAuthorizationHeaders,
        params: PublishedFileParams,
        body: WithdrawFile,
        response: { 200: PublishedFileAnswer, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...STAFF_AUTH_RESPONSES },
      },
    },
    (request, reply) =>
      apply(request, reply, {
        kind: 'withdrawal',
        fileId: request.params.fileId,
        reason: request.body.reason.trim(),
      }),
  );

  app.post(
    PUBLISHING_PATHS.restoration,
    {
      config,
      schema: {
        tags,
        summary: 'Restore a withdrawn file to the lookups; answers the file',
        headers: StaffAuthorizationHeaders,
        params: PublishedFileParams,
        body: RestoreFile,
        response: { 200: PublishedFileAnswer, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...STAFF_AUTH_RESPONSES },
      },
    },
    (request, reply) =>
      apply(request, reply, {
        kind: 'restoration',
        fileId: request.params.fileId,
        reason: request.body.reason?.trim() ?? null,
      }),
  );

  app.get(
    PUBLISHING_PATHS.changes,
    {
      config,
      schema: {
        tags,
        summary: "The catalogue's change history, newest first, from both doors (import and publishing screen)",
        headers: StaffAuthorizationHeaders,
        querystring: CatalogueChangesQuery,
        response: { 200: CatalogueChangeList, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request) => listChanges(app.db, request.query.before),
  );

  app.get(
    PUBLISHING_PATHS.change,
    {
      config,
      schema: {
        tags,
        summary: 'One change to the catalogue with its full diff, row by row and field by field',
        headers: StaffAuthorizationHeaders,
        params: CatalogueChangeParams,
        response: { 200: CatalogueChangeDetail, 404: ErrorBody, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      const detail = await changeWithDiff(app.db, request.params.changeId);
      if (!detail) return reply.status(404).send({ message: NO_CATALOGUE_CHANGE_MESSAGE });
      return detail;
    },
  );
};

export const publishingRoutes = fp(routes, {
  name: 'publishing-routes',
  dependencies: ['config', 'database', 'staff-roles', 'audit-log', 'blob-store', 'catalogue'],
  encapsulate: true,
});
