import {
  ADVISORY_PATHS,
  ERROR_CODES,
  type ErrorBody,
  FEED_TOKEN_LENGTH,
  FEEDS_PATHS,
  FIRMWARE_PATHS,
  INVALID_INSTALLER_REGISTRATION_ID,
  INVALID_KEY_ID,
} from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { useDemoPortal } from '../../test/demo-portal';

const demo = useDemoPortal();
const { get, freshClient } = demo;

/**
 * The errors a customer meets on a customer page carry a stable code beside SPEC's English
 * (docs/api.md, "Error codes"): each route that answers one, with its code. The file links,
 * the feeds, the brake and the faults are checked in their own files too.
 */
describe('the error codes of the customer routes', () => {
  const answer = async (url: string, authorization?: string) => {
    const response = await get(url, authorization, { remoteAddress: freshClient() });
    return { status: response.statusCode, body: response.json<ErrorBody>() };
  };

  it('name a refused registration ID or key ID, the message as SPEC words it', async () => {
    expect(await answer('/v1/Cornerstone/versions', 'Hasp id=NO-SUCH-ID-0000')).toEqual({
      status: 401,
      body: { message: INVALID_INSTALLER_REGISTRATION_ID, code: 'registration-id-unknown' },
    });
    expect(await answer('/v1/ProductInformationBulletins', 'Rainbow id=NO-SUCH-KEY')).toEqual({
      status: 401,
      body: { message: INVALID_KEY_ID, code: 'key-id-unknown' },
    });
  });

  it('name an unknown advisory, an unknown firmware version and an unknown feed address', async () => {
    const advisory = await answer(ADVISORY_PATHS.advisory.replace(':advisoryId', 'ACME-SA-1999-0001'));
    expect(advisory).toMatchObject({ status: 404, body: { code: 'advisory-not-found' } });
    const firmware = await answer(FIRMWARE_PATHS.update.replace(':version', '009.009.009'));
    expect(firmware).toMatchObject({ status: 404, body: { code: 'firmware-not-found' } });
    const feedFile = await answer(
      FEEDS_PATHS.file.replace(':token', 'x'.repeat(FEED_TOKEN_LENGTH)).replace(':fileId', crypto.randomUUID()),
    );
    expect(feedFile).toEqual({ status: 404, body: { message: 'Not found', code: 'not-found' } });
  });

  it('are all listed in the contracts, and the OpenAPI description names them', async () => {
    const document = (await get('/v1/openapi.json')).body;
    for (const code of ERROR_CODES) expect(document).toContain(`"${code}"`);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });
});
