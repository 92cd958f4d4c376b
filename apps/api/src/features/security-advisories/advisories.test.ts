import {
  ADVISORY_MESSAGES,
  ADVISORY_PATHS,
  AUDIT_ACTIONS,
  CSAF_PATHS,
  roleRequiredMessage,
  unknownReleaseMessage,
  type AdvisoryDetail,
  type AdvisoryDraft,
  type AdvisoryPreview,
} from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { useDemoPortal } from '../../../test/demo-portal';
import { auditLog } from '../../plugins/audit-log-chain';
import { chromatofNotAffected, cornerstoneAdvisory } from './test-advisories';

const demo = useDemoPortal({ env: { MAKER_NAME: 'Acme Instruments', SUPPORT_EMAIL: 'help@example.com' } });

const path = (template: string, values: Record<string, string>) =>
  template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name]!));

async function send(method: 'POST' | 'PUT' | 'GET' | 'DELETE', url: string, bearer: string, payload?: unknown) {
  return demo.portal.app.inject({
    method,
    url,
    headers: { authorization: bearer },
    remoteAddress: demo.freshClient(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

describe('security advisories: drafting and publishing', () => {
  it('refuses a person without the security role, naming it', async () => {
    const publisher = await demo.signIn('publisher-not-security@example.com', ['publisher']);
    const answer = await send('POST', ADVISORY_PATHS.drafts, publisher, cornerstoneAdvisory());
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ message: roleRequiredMessage('security') });
  });

  it('drafts, previews and publishes an advisory: the CSAF document passes the validator and is served signed', async () => {
    const security = await demo.signIn('security-publishes@example.com', ['security']);
    const created = await send('POST', ADVISORY_PATHS.drafts, security, cornerstoneAdvisory());
    expect(created.statusCode).toBe(201);
    const draft = created.json<AdvisoryDraft>();

    const preview = await send('GET', path(ADVISORY_PATHS.preview, { id: draft.id }), security);
    expect(preview.statusCode).toBe(200);
    const previewed = preview.json<AdvisoryPreview>();
    expect(previewed.problems).toEqual([]);
    expect(previewed.advisory).toMatchObject({ severity: 'HIGH', baseScore: 7.8, version: '1' });
    expect(JSON.stringify(previewed.csaf)).not.toContain('Reported by mail');

    const published = await send('POST', path(ADVISORY_PATHS.publish, { id: draft.id }), security, {});
    expect(published.statusCode).toBe(200);
    const advisory = published.json<AdvisoryDetail>();
    expect(advisory.advisoryId).toMatch(/^ACME-SA-\d{4}-\d{4}$/);
    expect(advisory).toMatchObject({
      title: 'Method files can run code when opened',
      severity: 'HIGH',
      baseScore: 7.8,
      products: ['Cornerstone'],
      revisionHistory: [{ number: '1', summary: 'Initial version.' }],
    });
    expect(advisory.vulnerabilities[0]!.affected).toEqual([{ key: 'cornerstone:2.8.1', label: 'Cornerstone 2.8.1' }]);
    expect(advisory.csafUrl).toBe(
      `/.well-known/csaf/white/${advisory.initialReleaseDate.slice(0, 4)}/${advisory.advisoryId.toLowerCase()}.json`,
    );

    // The draft is gone; the public API and the CSAF directory have it.
    expect((await send('GET', path(ADVISORY_PATHS.draft, { id: draft.id }), security)).statusCode).toBe(404);
    const document = await demo.get(advisory.csafUrl);
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/json; charset=utf-8');
    const csaf = document.json<{ document: { tracking: { id: string; status: string }; category: string } }>();
    expect(csaf.document.tracking).toMatchObject({ id: advisory.advisoryId, status: 'final' });
    expect(csaf.document.category).toBe('csaf_security_advisory');
    expect(document.body).not.toContain('Reported by mail');
    const again = await demo.get(advisory.csafUrl, undefined, { headers: { 'if-none-match': document.headers.etag! } });
    expect(again.statusCode).toBe(304);

    const list = await demo.get(`${ADVISORY_PATHS.advisories}?product=Cornerstone`);
    expect(list.json().advisories.map((item: { advisoryId: string }) => item.advisoryId)).toContain(
      advisory.advisoryId,
    );
    const chromatof = (await demo.get(`${ADVISORY_PATHS.advisories}?product=chromatof`)).json<{
      advisories: Array<{ advisoryId: string; products: string[] }>;
    }>().advisories;
    expect(chromatof.length).toBeGreaterThan(0);
    expect(chromatof.every((item) => item.products.includes('ChromaTOF'))).toBe(true);
    expect(chromatof.map((item) => item.advisoryId)).not.toContain(advisory.advisoryId);

    const events = (await demo.portal.database.db.select().from(auditLog)).filter(
      (row) => row.action === AUDIT_ACTIONS.advisoryPublish && row.actorEmail === 'security-publishes@example.com',
    );
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.detail!)).toMatchObject({ advisoryId: advisory.advisoryId, version: 1 });
  });

  it('revises an advisory: a new version with every revision in its history', async () => {
    const security = await demo.signIn('security-revises@example.com', ['security']);
    const draft = (
      await send('POST', ADVISORY_PATHS.drafts, security, cornerstoneAdvisory({ title: 'To be revised' }))
    ).json<AdvisoryDraft>();
    const first = (
      await send('POST', path(ADVISORY_PATHS.publish, { id: draft.id }), security, {})
    ).json<AdvisoryDetail>();

    const revision = await send('POST', path(ADVISORY_PATHS.revise, { advisoryId: first.advisoryId }), security);
    expect(revision.statusCode).toBe(201);
    const revisionDraft = revision.json<AdvisoryDraft>();
    expect(revisionDraft.advisoryId).toBe(first.advisoryId);
    // A second open revision of the same advisory is refused.
    expect(
      (await send('POST', path(ADVISORY_PATHS.revise, { advisoryId: first.advisoryId }), security)).statusCode,
    ).toBe(409);

    const content = revisionDraft.content;
    content.vulnerabilities[0]!.cve = 'CVE-2026-12345';
    await send('PUT', path(ADVISORY_PATHS.draft, { id: revisionDraft.id }), security, content);
    const withoutSummary = await send('POST', path(ADVISORY_PATHS.publish, { id: revisionDraft.id }), security, {});
    expect(withoutSummary.statusCode).toBe(400);
    expect(withoutSummary.json()).toEqual({ message: ADVISORY_MESSAGES.revisionSummaryRequired });

    const second = await send('POST', path(ADVISORY_PATHS.publish, { id: revisionDraft.id }), security, {
      revisionSummary: 'Added the CVE ID.',
    });
    expect(second.statusCode).toBe(200);
    const revised = second.json<AdvisoryDetail>();
    expect(revised).toMatchObject({ advisoryId: first.advisoryId, version: '2', cves: ['CVE-2026-12345'] });
    expect(revised.revisionHistory.map((entry) => [entry.number, entry.summary])).toEqual([
      ['1', 'Initial version.'],
      ['2', 'Added the CVE ID.'],
    ]);
    const csaf = (await demo.get(revised.csafUrl)).json<{
      document: { tracking: { version: string; revision_history: unknown[] } };
      vulnerabilities: Array<{ cve: string }>;
    }>();
    expect(csaf.document.tracking.version).toBe('2');
    expect(csaf.document.tracking.revision_history).toHaveLength(2);
    expect(csaf.vulnerabilities[0]!.cve).toBe('CVE-2026-12345');

    const revisions = (await demo.portal.database.db.select().from(auditLog)).filter(
      (row) => row.action === AUDIT_ACTIONS.advisoryRevise && row.actorEmail === 'security-revises@example.com',
    );
    expect(revisions.map((row) => JSON.parse(row.detail!))).toEqual([
      { advisoryId: first.advisoryId, version: 2, title: 'To be revised' },
    ]);
    // The public page shows the history; a revision draft of an advisory revised since is refused.
    expect((await demo.get(path(ADVISORY_PATHS.advisory, { advisoryId: first.advisoryId }))).json()).toMatchObject({
      version: '2',
      revisionHistory: [{ number: '1' }, { number: '2', summary: 'Added the CVE ID.' }],
    });
  });

  it('marks an affected firmware release on the firmware pages’ listing', async () => {
    const security = await demo.signIn('security-firmware@example.com', ['security']);
    const vulnerability = {
      ...cornerstoneAdvisory().vulnerabilities[0]!,
      affected: ['firmware:PX:002.001.007'],
      fixed: ['firmware:PX:002.002.010'],
      remediations: [],
    };
    const draft = (
      await send(
        'POST',
        ADVISORY_PATHS.drafts,
        security,
        cornerstoneAdvisory({ title: 'PX firmware', vulnerabilities: [vulnerability] }),
      )
    ).json<AdvisoryDraft>();
    const published = await send('POST', path(ADVISORY_PATHS.publish, { id: draft.id }), security, {});
    expect(published.statusCode).toBe(200);
    const { advisoryId, products } = published.json<AdvisoryDetail>();
    expect(products).toEqual(['PX firmware']);
    const { releases } = (await demo.get('/firmware/releases.json')).json<{
      releases: Array<{ version: string; affectedBy: Array<{ advisoryId: string; fixedIn: string | null }> }>;
    }>();
    const affectedBy = (version: string) => releases.find((release) => release.version === version)!.affectedBy;
    expect(affectedBy('002.001.007')).toEqual([expect.objectContaining({ advisoryId, fixedIn: '002.002.010' })]);
    expect(affectedBy('002.002.010')).toEqual([]);
  });

  it('publishes a not-affected statement as a CSAF VEX document', async () => {
    const security = await demo.signIn('security-vex@example.com', ['security']);
    const draft = (await send('POST', ADVISORY_PATHS.drafts, security, chromatofNotAffected())).json<AdvisoryDraft>();
    const published = await send('POST', path(ADVISORY_PATHS.publish, { id: draft.id }), security, {});
    expect(published.statusCode).toBe(200);
    const vex = published.json<AdvisoryDetail>();
    expect(vex.advisoryId).toMatch(/^ACME-VEX-\d{4}-\d{4}$/);
    const csaf = (await demo.get(vex.csafUrl)).json<{
      document: { category: string };
      vulnerabilities: Array<{ product_status: unknown; flags: unknown }>;
    }>();
    expect(csaf.document.category).toBe('csaf_vex');
    expect(csaf.vulnerabilities[0]).toMatchObject({
      product_status: { known_not_affected: ['chromatof:ChromaTOF:6.1.0'] },
      flags: [{ label: 'component_not_present', product_ids: ['chromatof:ChromaTOF:6.1.0'] }],
    });
  });

  it('refuses bad input with the field named, and publishes nothing the validator refuses', async () => {
    const security = await demo.signIn('security-bad-input@example.com', ['security']);
    const refusedWith = async (content: unknown) => {
      const answer = await send('POST', ADVISORY_PATHS.drafts, security, content);
      expect(answer.statusCode).toBe(400);
      return answer.json<{ message: string }>().message;
    };
    const vulnerability = cornerstoneAdvisory().vulnerabilities[0]!;
    expect(
      await refusedWith(
        cornerstoneAdvisory({ vulnerabilities: [{ ...vulnerability, affected: ['cornerstone:9.9.9'] }] }),
      ),
    ).toBe(unknownReleaseMessage('vulnerabilities[0].affected[0]', 'cornerstone:9.9.9'));
    expect(
      await refusedWith(cornerstoneAdvisory({ vulnerabilities: [{ ...vulnerability, cvssVector: 'CVSS:3.1/AV:N' }] })),
    ).toContain('cvssVector');
    expect(
      await refusedWith(cornerstoneAdvisory({ vulnerabilities: [{ ...vulnerability, cve: 'CVE-26-1' }] })),
    ).toContain('cve');
    expect(await refusedWith(cornerstoneAdvisory({ summary: 'x'.repeat(1_000_000) }))).toContain('summary');
    expect(await refusedWith({ ...cornerstoneAdvisory(), extra: 1 })).toBeTruthy();

    // HTML is text: stored and published as the characters typed.
    const html = '<script>alert(1)</script> & <b>bold</b>';
    const draft = (
      await send('POST', ADVISORY_PATHS.drafts, security, cornerstoneAdvisory({ title: html }))
    ).json<AdvisoryDraft>();
    expect(draft.content.title).toBe(html);

    // A CWE whose name is not the CWE's: the validator refuses, with the place and the problem.
    const wrongCwe = (
      await send(
        'POST',
        ADVISORY_PATHS.drafts,
        security,
        cornerstoneAdvisory({ vulnerabilities: [{ ...vulnerability, cwe: { id: 'CWE-79', name: 'Not its name' } }] }),
      )
    ).json<AdvisoryDraft>();
    const refused = await send('POST', path(ADVISORY_PATHS.publish, { id: wrongCwe.id }), security, {});
    expect(refused.statusCode).toBe(422);
    const body = refused.json<{ message: string; problems: Array<{ instancePath: string; message: string }> }>();
    expect(body.message).toBe(ADVISORY_MESSAGES.publishRefused);
    expect(body.problems.map((problem) => problem.instancePath)).toContain('/vulnerabilities/0/cwe/name');
    // Nothing was published: the draft is still open.
    expect((await send('GET', path(ADVISORY_PATHS.draft, { id: wrongCwe.id }), security)).statusCode).toBe(200);

    expect((await demo.get(`${CSAF_PATHS.directory}2026/no-such-advisory.json`)).statusCode).toBe(404);
    expect((await demo.get(`${ADVISORY_PATHS.advisories}/ACME-SA-2026-9999`)).statusCode).toBe(404);
    expect((await demo.get(`${ADVISORY_PATHS.advisories}/not-an-id`)).statusCode).toBe(400);
  });
});
