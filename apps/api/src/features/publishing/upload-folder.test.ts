import { PUBLISHING_PATHS, UPLOAD_FAILED_MESSAGE, UPLOAD_METADATA_KEYS, type Draft } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { useDemoPortal } from '../../../test/demo-portal';
import { onePibManifest } from '../../../../../test-kit/manifests';

// A folder that cannot be made, even by root: /dev/null is no directory.
const demo = useDemoPortal({ env: { PUBLISH_UPLOAD_DIR: '/dev/null/uploads' } });

describe('an upload folder the portal cannot make', () => {
  it('answers an upload with a 500 and a message, and every other publishing route as usual', async () => {
    const publisher = await demo.signIn('folder-publisher@example.com', ['publisher']);
    const sha256 = 'a'.repeat(64);
    const created = await demo.portal.app.inject({
      method: 'POST',
      url: PUBLISHING_PATHS.drafts,
      headers: { authorization: publisher },
      payload: onePibManifest({ internalVariant: 'folder', variant: 'Folder', path: sha256 }),
    });
    expect(created.statusCode).toBe(201);
    const draftId = created.json<Draft>().draft.id;
    const b64 = (value: string) => Buffer.from(value).toString('base64');
    const upload = await demo.portal.app.inject({
      method: 'POST',
      url: PUBLISHING_PATHS.uploads,
      headers: {
        authorization: publisher,
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': [
          `${UPLOAD_METADATA_KEYS.draftId} ${b64(draftId)}`,
          `${UPLOAD_METADATA_KEYS.sha256} ${b64(sha256)}`,
          `${UPLOAD_METADATA_KEYS.name} ${b64('Folder.zip')}`,
        ].join(','),
      },
    });
    expect(upload.statusCode).toBe(500);
    expect(upload.json()).toEqual({ message: UPLOAD_FAILED_MESSAGE });
    const claimed = await demo.portal.app.inject({
      method: 'POST',
      url: PUBLISHING_PATHS.draftFiles.replace(':draftId', draftId),
      headers: { authorization: publisher },
      payload: { sha256, name: 'Folder.zip', sizeBytes: 10 },
    });
    expect(claimed.json()).toEqual({ sha256, name: 'Folder.zip', state: 'awaiting upload', sizeBytes: null });
  });
});
