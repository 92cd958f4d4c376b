import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AdvisoryDraftContent, AUDIT_CLI_ACTOR } from '@portal/contracts';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import type { Config } from '../../config/config';
import type { Database } from '../../db/connect';
import { DEMO_ADVISORIES_FILE } from '../../paths';
import { auditRecorder, commandAuditContext } from '../../plugins/audit-log';
import { loadSnapshot } from '../../plugins/catalogue/catalogue-snapshot';
import { publishedReleases } from '../../plugins/catalogue/release-references';
import { createDraft, publishDraft } from './advisories';
import { advisories } from './advisories-tables';
import { publisherOf } from './advisories-plugin';
import { csafKeyUserId, loadCsafSigning } from './csaf-signing';

/**
 * Publishes the demo catalogue's advisories through the same publish as the API, when no
 * advisory is published yet: a newcomer sees an advisory, its CSAF document and the lookups'
 * marks after `npm start`. Answers how many it published.
 */
export async function importDemoAdvisories(
  folder: string,
  { db, secretKey, config }: { db: Database; secretKey: Buffer; config: Config },
): Promise<number> {
  const contents: unknown = JSON.parse(await readFile(path.join(folder, DEMO_ADVISORIES_FILE), 'utf8'));
  if (!Value.Check(Type.Array(AdvisoryDraftContent), contents))
    throw new Error(`${DEMO_ADVISORIES_FILE} does not hold advisory drafts`);
  if ((await db.select({ id: advisories.id }).from(advisories).limit(1)).length > 0) return 0;
  const signing = await loadCsafSigning({
    db,
    secretKey,
    configured: config.csafSigningKey,
    userId: csafKeyUserId(config),
  });
  const context = {
    releases: async () => publishedReleases(await loadSnapshot(db)),
    publisher: publisherOf(config),
    idPrefix: config.csafIdPrefix,
    signing,
  };
  const record = auditRecorder(secretKey);
  for (const content of contents) {
    const draft = await createDraft(db, content, AUDIT_CLI_ACTOR);
    await publishDraft(db, draft.id, undefined, AUDIT_CLI_ACTOR, context, (tx, act) =>
      record(tx, commandAuditContext(), act),
    );
  }
  return contents.length;
}
