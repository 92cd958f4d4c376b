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

  it("documents the fields added beside SPEC §3's: file details and release notes of each download", async () => {
    const document = (await get('/v1/openapi.json')).json();
    // Shared schemas ($id) are components, referenced from the paths.
    const resolved = (value: unknown): string =>
      JSON.stringify(value).replace(/\{"\$ref":"#\/components\/schemas\/([^"]+)"\}/g, (_, name: string) =>
        resolved(document.components.schemas[name]),
      );
    const versions = resolved(document.paths['/v1/Cornerstone/versions'].get.responses['200']);
    for (const field of ['offlineInstallerFile', 'releaseDate', 'releaseNotes', 'sha256', 'sizeBytes', 'publishedAt']) {
      expect(versions).toContain(`"${field}"`);
    }
    expect(resolved(document.paths['/v1/ProductInformationBulletins'].get.responses['200'])).toContain(
      'What a download is',
    );
  });
});
