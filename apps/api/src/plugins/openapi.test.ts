import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let portal: TestApp;
beforeAll(async () => {
  portal = await createTestApp();
});
afterAll(() => portal.close());

const get = (url: string) => portal.app.inject({ method: 'GET', url });

describe('the OpenAPI document', () => {
  it('documents every catalogue path in the OpenAPI document', async () => {
    const paths = Object.keys((await get('/v1/openapi.json')).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/v1/Cornerstone/families',
        '/v1/Cornerstone/versions',
        '/v1/Cornerstone/versions/{name}',
        '/v1/Cornerstone/releaseDates',
        '/v1/ProductInformationBulletins',
        '/v1/Cornerstone/dsv',
        '/v1/Cornerstone/DSV/{registrationId}/{key}',
        '/v1/files/{fileId}/{fileName}',
      ]),
    );
  });
});
