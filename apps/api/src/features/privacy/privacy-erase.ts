import { AUDIT_ACTIONS, AUDIT_CLI_ACTOR } from '@portal/contracts';
import type { Database } from '../../db/connect';
import { appendAudit, auditChainKey } from '../../plugins/audit-log-chain';
import { normaliseCustomerId, registrationDigester } from '../../plugins/registrations/registrations';
import { keyedDigester } from '../../shared/keyed-digest';
import { eraseDownloadsOf } from '../files/queries';
import { eraseAuthorizedAdmin } from '../password-reset/queries';

/** What a customer asked to have removed: an authorized admin's address, or what is kept of a registration ID or key ID. */
export type ErasureRequest = { kind: 'email'; email: string } | { kind: 'registration'; id: string };

export interface Erasure {
  /** Registrations whose list of authorized admins held the address. */
  adminAddresses: number;
  downloadRecords: number;
}

/**
 * Removes what the server keeps about one customer (the privacy page's promise), in one
 * transaction: an address from every registration's list of authorized admins, or every
 * download record of a registration ID or key ID (by its keyed digest under either scheme:
 * the same characters may be published as both). What was removed gets one audit row that
 * keeps a keyed digest of the request, never the address or the ID, so the log shows a
 * removal was made without keeping what it removed. A request that matches nothing changes
 * nothing and writes no row.
 */
export async function erasePersonalData(db: Database, secretKey: Buffer, request: ErasureRequest): Promise<Erasure> {
  const requestDigest = keyedDigester(secretKey, 'privacy-erase:request');
  return db.transaction(async (tx) => {
    let erasure: Erasure;
    let subject: string;
    if (request.kind === 'email') {
      subject = `email:${request.email.trim().toLowerCase()}`;
      erasure = { adminAddresses: await eraseAuthorizedAdmin(tx, request.email), downloadRecords: 0 };
    } else {
      const digestOf = registrationDigester(secretKey);
      const digests = [digestOf({ scheme: 'hasp', id: request.id }), digestOf({ scheme: 'rainbow', id: request.id })];
      subject = `registration:${normaliseCustomerId(request.id)}`;
      erasure = { adminAddresses: 0, downloadRecords: await eraseDownloadsOf(tx, digests) };
    }
    if (erasure.adminAddresses + erasure.downloadRecords > 0) {
      await appendAudit(tx, auditChainKey(secretKey), {
        actorEmail: AUDIT_CLI_ACTOR,
        action: AUDIT_ACTIONS.privacyErase,
        outcome: 'erased',
        registrationDigest: null,
        subjectDigest: requestDigest(subject),
        detail: JSON.stringify({ kind: request.kind, ...erasure }),
        requestId: AUDIT_CLI_ACTOR,
        clientAddress: 'local',
      });
    }
    return erasure;
  });
}

/** The one line the command prints. */
export function describeErasure(request: ErasureRequest, erasure: Erasure): string {
  if (request.kind === 'email') {
    return erasure.adminAddresses === 0
      ? 'No authorized admin list holds that address; nothing was changed.'
      : `Removed the address from the authorized admins of ${plural(erasure.adminAddresses, 'registration')}.`;
  }
  return erasure.downloadRecords === 0
    ? 'No download records of that ID; nothing was changed.'
    : `Removed ${plural(erasure.downloadRecords, 'download record')} of that ID.`;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
