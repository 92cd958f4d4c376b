import {
  COMPONENT_QUERY_TOO_LONG_MESSAGE,
  COMPONENTS_PATHS,
  PUBLISHING_PATHS,
  type ComponentSearchResult,
  type PublishedFilePage,
} from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { useDemoPortal } from '../../../test/demo-portal';
import { EVERY_PUBLISHED_FILE } from '../../../../../test-kit/published-files';

const demo = useDemoPortal();

const search = (query: Record<string, string>, authorization = demo.staff) =>
  demo.get(`${COMPONENTS_PATHS.search}?${new URLSearchParams(query)}`, authorization, {
    remoteAddress: demo.freshClient(),
  });

/** `Cornerstone 2.10.0 openssl 3.0.13`, one per match, in the answer's order. */
async function found(query: Record<string, string>): Promise<string[]> {
  const response = await search(query);
  expect(response.statusCode).toBe(200);
  const { matches, truncated } = response.json<ComponentSearchResult>();
  expect(truncated).toBe(false);
  return matches.map((match) => `${match.release.label} ${match.name} ${match.version}`);
}

describe('the component search (GET /v1/components)', () => {
  it('finds every release whose SBOM has a component by name prefix, any case, newest release first', async () => {
    expect(await found({ q: 'OpenS' })).toEqual([
      'Cornerstone 2.10.0 openssl 3.0.13',
      'Cornerstone 2.8.1 openssl 1.1.1w',
      'ChromaTOF 6.1.0 openssl 3.0.8',
    ]);
    const response = await search({ q: 'qtbase' });
    expect(response.json<ComponentSearchResult>().matches[0]).toEqual({
      release: {
        reference: { kind: 'cornerstone', version: '2.10.0' },
        key: 'cornerstone:2.10.0',
        label: 'Cornerstone 2.10.0',
        releaseDate: '2025-05-20',
        withdrawn: false,
      },
      product: 'Cornerstone',
      name: 'qtbase',
      version: '6.5.3',
      purl: 'pkg:generic/qt/qtbase@6.5.3',
    });
    expect(await found({ q: 'no-such-library' })).toEqual([]);
    // LIKE's own characters are matched as written.
    expect(await found({ q: '%' })).toEqual([]);
  });

  it('finds by package URL prefix', async () => {
    expect(await found({ q: 'pkg:generic/zlib@1.2' })).toEqual([
      'Cornerstone 2.8.1 zlib 1.2.13',
      'ChromaTOF 6.1.0 zlib 1.2.13',
    ]);
    expect(await found({ q: 'pkg:generic/qt/' + 'qtbase' })).toHaveLength(2);
  });

  it('narrows by an exact version or a VERS range', async () => {
    expect(await found({ q: 'openssl', version: '1.1.1w' })).toEqual(['Cornerstone 2.8.1 openssl 1.1.1w']);
    expect(await found({ q: 'openssl', version: '1.1.1' })).toEqual([]);
    expect(await found({ q: 'openssl', version: 'vers:generic/>=3.0.0|<3.0.10' })).toEqual([
      'ChromaTOF 6.1.0 openssl 3.0.8',
    ]);
    expect(await found({ q: 'openssl', version: 'vers:generic/>=1.1.1|<3.0.0' })).toEqual([
      'Cornerstone 2.8.1 openssl 1.1.1w',
    ]);
    expect(await found({ q: 'pkg:generic/openssl', version: 'vers:generic/!=3.0.8' })).toHaveLength(2);
    expect(await found({ q: 'zlib', version: 'vers:generic/<1.3' })).toHaveLength(2);
  });

  it('marks a withdrawn release, and does not hide it', async () => {
    const publisher = await demo.signIn('publisher-sbom@example.com', ['publisher']);
    const { files } = (await demo.get(EVERY_PUBLISHED_FILE, publisher)).json<PublishedFilePage>();
    const installer = files.find((file) => file.name === 'Cornerstone-2.8.1-Offline.zip')!;
    const withdrawal = PUBLISHING_PATHS.withdrawal.replace(':fileId', installer.id);
    const restoration = PUBLISHING_PATHS.restoration.replace(':fileId', installer.id);
    const act = (url: string, payload: object) =>
      demo.portal.app.inject({ method: 'POST', url, headers: { authorization: publisher }, payload });
    expect((await act(withdrawal, { reason: 'Recalled' })).statusCode).toBe(200);
    try {
      const { matches } = (await search({ q: 'openssl' })).json<ComponentSearchResult>();
      expect(matches.map((match) => [match.release.label, match.release.withdrawn])).toEqual([
        ['Cornerstone 2.10.0', false],
        ['Cornerstone 2.8.1', true],
        ['ChromaTOF 6.1.0', false],
      ]);
    } finally {
      expect((await act(restoration, {})).statusCode).toBe(200);
    }
  });

  it.each([
    [{ q: 'pkg:' }, /^This is not a package URL \(pkg:type\/namespace\/name@version\): /],
    [{ q: 'pkg:generic' }, /^This is not a package URL/],
    [
      { q: 'openssl', version: 'vers:generic/>=1.0|>=2.0' },
      /^This is not a version nor a version range .*do not make a range/,
    ],
    [{ q: 'openssl', version: 'vers:/>=1.0' }, /names its versioning scheme/],
    [{ q: 'openssl', version: 'vers:generic/' }, /has no constraint/],
    [{ q: 'openssl', version: 'vers:generic/>=' }, /has no version after its comparator/],
    [{ q: 'openssl', version: 'vers:generic/1.0|1.0' }, /appears twice/],
    [{ q: 'openssl', version: 'vers:generic/>=%zz' }, /is not a percent-encoded version/],
    [{ q: 'o'.repeat(201) }, new RegExp(`^${COMPONENT_QUERY_TOO_LONG_MESSAGE.replace(/[.]/g, '\\.')}$`)],
    [{ q: 'openssl', version: '1'.repeat(201) }, /at most 200 characters/],
    [{ q: 'x'.repeat(1_000_000) }, /./],
    [{ q: '   ' }, /^Name a component/],
    [{ q: 'openssl', extra: '1' }, /./],
  ])('answers 400 with a message for a malformed search (#%#)', async (query, message) => {
    const response = await search(query);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(message);
  });

  it('is for staff: a customer credential or none is refused', async () => {
    expect((await search({ q: 'openssl' }, '')).statusCode).toBe(401);
    expect((await search({ q: 'openssl' }, 'Hasp id=DEMO-CS-1001')).statusCode).toBe(401);
  });
});
