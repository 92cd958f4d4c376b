import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('sign-in in the OpenAPI document', () => {
  let portal: TestApp;
  beforeAll(async () => {
    portal = await createTestApp();
  });
  afterAll(() => portal.close());

  it('documents each sign-in route with its body and every answer it gives', async () => {
    const { paths } = (await portal.app.inject({ url: '/v1/openapi.json' })).json();
    expect(Object.keys(paths['/v1/auth/redirects/requests'].put.responses).sort()).toEqual([
      '200',
      '400',
      '429',
      '503',
    ]);
    expect(paths['/v1/auth/redirects/requests'].put.requestBody.content['application/json'].schema.required).toEqual([
      'email',
      'redirectPath',
    ]);
    expect(Object.keys(paths['/v1/auth/sessions'].post.responses).sort()).toEqual(['200', '400', '409', '429', '503']);
    expect(Object.keys(paths['/v1/auth/session'].delete.responses).sort()).toEqual(['204', '401']);
  });
});
