import { FIRMWARE_PATHS, type FirmwareMetadata } from '@portal/contracts';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDemoPortal } from '../../../test/demo-portal';
import { startS3Server, type S3Server } from '../../../test/s3-server';

// The demo catalogue published into s3rver (which also serves unsigned requests: what is
// checked here is that the portal hands out presigned URLs, whose signature s3rver verifies).
let s3: S3Server;
const env: Record<string, string> = {};
beforeAll(async () => {
  s3 = await startS3Server();
  Object.assign(env, s3.env);
});
const demo = useDemoPortal({ env });
afterAll(async () => s3?.close());

describe('firmware with the files in an S3 bucket', () => {
  it('serves the signed metadata as before and sends update.zip by a 303 to the bucket', async () => {
    const metadata = (await demo.get(FIRMWARE_PATHS.metadata)).json<FirmwareMetadata>();
    const release = metadata.releases.PX!;

    const answer = await demo.get(release.url);
    expect(answer.statusCode).toBe(303);
    const location = new URL(answer.headers.location as string);
    expect(location.origin).toBe(s3.endpoint);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('300');

    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="update\.zip"/);
    expect(file.headers.get('cache-control')).toBe('public, max-age=3600');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(release.sha256);
  });

  it('answers HEAD and a matching If-None-Match itself', async () => {
    const release = (await demo.get(FIRMWARE_PATHS.metadata)).json<FirmwareMetadata>().releases.PX!;
    const head = await demo.portal.app.inject({ method: 'HEAD', url: release.url });
    // A presigned GET cannot answer a HEAD: the portal does, as when it streams.
    expect(head.statusCode).toBe(200);
    expect(head.headers.location).toBeUndefined();
    const etag = `"${release.sha256}"`;
    expect(head.headers.etag).toBe(etag);
    expect((await demo.get(release.url, undefined, { headers: { 'if-none-match': etag } })).statusCode).toBe(304);
  });
});
