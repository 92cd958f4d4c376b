import { Type, type Static } from 'typebox';
import { CHROMATOF_FILE_KINDS } from './chromatof-paths';
import { sizeInWords } from './disk-space';
import { FILE_NAME_MAX_CHARS, SHA256_PATTERN } from './files';
import { CUSTOMER_ID_PATTERN } from './registrations';
import { FIRMWARE_INSTRUMENT_NAMES, FIRMWARE_VERSION_NAME_PATTERN } from './firmware';

/**
 * The manifest a publisher puts in a folder beside the files it names, read by
 * `npm run portal -- import <folder>` (docs/publishing.md). File paths are relative to
 * the manifest's folder and may not leave it.
 */
export const MANIFEST_FILE_NAME = 'catalogue.json';

/** The longest reason a withdrawal may give, in characters. */
export const WITHDRAWAL_REASON_MAX_CHARS = 500;

const Name = Type.String({ minLength: 1, maxLength: 64, pattern: '^[^\\u0000-\\u001f]+$' });
const RelativePath = Type.String({
  minLength: 1,
  maxLength: 255,
  pattern: '^(?!/)(?!.*(^|/)\\.\\.(/|$))[^\\u0000-\\u001f\\\\]+$',
});
/** A space-separated list of a configuration (configurations.ts says the forms of its tokens). */
const ConfigurationField = Type.String({ maxLength: 20_000 });
const ManifestEmail = Type.String({ minLength: 3, maxLength: 254 });
const CustomerId = Type.String({ pattern: CUSTOMER_ID_PATTERN.source });

/**
 * A PIB's or DSV's own identity, each optional (docs/publishing.md). The revision's and the
 * effective date's forms are checked by the sections (features/bulletins/section.ts,
 * features/validation-docs/section.ts), which name the entry and the field of a bad one.
 */
const DocumentFields = {
  documentNumber: Type.Optional(Name),
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '^[^\\u0000-\\u001f]+$' })),
  revision: Type.Optional(
    Type.String({ maxLength: 64, description: 'Letters and digits, with . or - between them: A, 2, 1.3' }),
  ),
  effectiveDate: Type.Optional(Type.String({ maxLength: 64, description: 'A calendar day, YYYY-MM-DD' })),
};
export const ManifestDocument = Type.Object(DocumentFields);
export type ManifestDocument = Static<typeof ManifestDocument>;

export const ManifestFile = Type.Object(
  {
    path: RelativePath,
    /** The name a download is saved under; the file's own name when absent. */
    name: Type.Optional(Type.String({ minLength: 1, maxLength: FILE_NAME_MAX_CHARS })),
    contentType: Type.Optional(Type.String({ pattern: '^[a-z]+/[a-zA-Z0-9.+-]+$' })),
    /**
     * Withdraws the published file (docs/publishing.md#withdrawing-and-restoring-a-file): it
     * leaves every lookup and its links answer that it was withdrawn. `false` restores it.
     */
    withdrawn: Type.Optional(Type.Boolean()),
    /** Why it is withdrawn: required with `"withdrawn": true`. */
    withdrawnReason: Type.Optional(Type.String({ minLength: 1, maxLength: WITHDRAWAL_REASON_MAX_CHARS })),
  },
  { additionalProperties: false },
);

/**
 * A release's software bill of materials (docs/sbom.md): a CycloneDX JSON document (spec
 * 1.4 to 1.6), published as a file of the release and indexed for the component search.
 */
const Sbom = Type.Optional(ManifestFile);

/** ChromaTOF releases, downloaded by key ID (docs/publishing.md); which key IDs may download them is in `keyIds`. */
const ChromatofSection = Type.Object(
  {
    releases: Type.Array(
      Type.Object(
        {
          product: Name,
          version: Name,
          releaseDate: Type.Optional(Type.String({ format: 'date' })),
          files: Type.Array(
            Type.Object(
              {
                /** What the download is called, after the product and version: 'Installer (64-bit)'. */
                label: Name,
                kind: Type.Union(CHROMATOF_FILE_KINDS.map((kind) => Type.Literal(kind))),
                file: ManifestFile,
              },
              { additionalProperties: false },
            ),
            { minItems: 1 },
          ),
          sbom: Sbom,
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
/** Release notes shown with a firmware release: at most this many characters. */
export const FIRMWARE_RELEASE_NOTES_MAX_CHARS = 20_000;

/**
 * A firmware release of one instrument (docs/firmware.md): its update.zip, and its release
 * notes either as text or as a UTF-8 text file in the folder.
 */
export const ManifestFirmwareRelease = Type.Object(
  {
    instrument: Type.Union(FIRMWARE_INSTRUMENT_NAMES.map((name) => Type.Literal(name))),
    /** Unique across instruments: the download URL is firmware/{version}/update.zip. */
    version: Type.String({ pattern: FIRMWARE_VERSION_NAME_PATTERN }),
    releaseDate: Type.String({ format: 'date' }),
    releaseNotes: Type.Optional(Type.String({ maxLength: FIRMWARE_RELEASE_NOTES_MAX_CHARS })),
    releaseNotesFile: Type.Optional(RelativePath),
    update: ManifestFile,
    sbom: Sbom,
  },
  { additionalProperties: false },
);
export type ManifestFirmwareRelease = Static<typeof ManifestFirmwareRelease>;

export const CatalogueManifest = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    /** Every product family; Dev and Demo are families too. */
    families: Type.Array(Name, { minItems: 1, uniqueItems: true }),
    versions: Type.Array(
      Type.Object(
        {
          name: Name,
          /** Families this version is available to. */
          families: Type.Array(Name, { uniqueItems: true }),
          releaseDate: Type.Optional(Type.String({ format: 'date' })),
          offlineInstaller: Type.Optional(ManifestFile),
          offlineInstallerBuiltAt: Type.Optional(Type.String({ format: 'date-time' })),
          sbom: Sbom,
        },
        { additionalProperties: false },
      ),
    ),
    registrations: Type.Array(
      Type.Object(
        {
          /** Stored only as a keyed digest. */
          registrationId: CustomerId,
          family: Name,
          /** Extra family flags of this registration, e.g. Dev or Demo. */
          flags: Type.Optional(Type.Array(Name, { uniqueItems: true })),
          revoked: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
    ),
    keyIds: Type.Optional(
      Type.Array(
        Type.Object(
          {
            keyId: CustomerId,
            /** The product whose PIBs the key ID opens. */
            product: Name,
            /** The ChromaTOF products (of `chromatof.releases`) whose releases it may download; default: its product. */
            downloads: Type.Optional(Type.Array(Name, { uniqueItems: true })),
            revoked: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
      ),
    ),
    pibs: Type.Array(
      Type.Object(
        { product: Name, version: Name, internalVariant: Name, variant: Name, file: ManifestFile, ...DocumentFields },
        { additionalProperties: false },
      ),
    ),
    dsvs: Type.Array(
      Type.Object(
        { key: Name, version: Type.String({ maxLength: 64 }), file: ManifestFile, ...DocumentFields },
        { additionalProperties: false },
      ),
    ),
    /** Option codes and their descriptions (Products & Options). */
    options: Type.Optional(
      Type.Array(
        Type.Object(
          { code: Name, description: Type.String({ minLength: 1, maxLength: 500 }) },
          { additionalProperties: false },
        ),
      ),
    ),
    /** The products of each family in each version, with their space-separated lists (SPEC §3). */
    configurations: Type.Optional(
      Type.Array(
        Type.Object(
          {
            product: Name,
            friendlyFamily: Name,
            currentVersion: Name,
            packages: Type.Optional(ConfigurationField),
            trueOptions: Type.Optional(ConfigurationField),
            falseOptions: Type.Optional(ConfigurationField),
            expirableOptions: Type.Optional(ConfigurationField),
            trueRanges: Type.Optional(ConfigurationField),
            trueAnalytes: Type.Optional(ConfigurationField),
          },
          { additionalProperties: false },
        ),
      ),
    ),
    /** Password reset of registrations (docs/password-reset.md); each registration ID must be in "registrations". */
    passwordReset: Type.Optional(
      Type.Array(
        Type.Object(
          {
            registrationId: CustomerId,
            requiresAuthorizedAdmins: Type.Boolean(),
            /** The first list of authorized admin e-mails; managers change it in the portal afterwards. */
            authorizedAdminEmails: Type.Optional(Type.Array(ManifestEmail, { maxItems: 20, uniqueItems: true })),
            /** Staff addresses that may change the list. */
            managers: Type.Optional(Type.Array(ManifestEmail, { maxItems: 100, uniqueItems: true })),
          },
          { additionalProperties: false },
        ),
      ),
    ),
    /**
     * Release notes: one published file per product and version (docs/publishing.md). The
     * lookups link them from the Cornerstone versions (product "Cornerstone") and from the
     * PIBs of the same product and version.
     */
    releaseNotes: Type.Optional(
      Type.Array(Type.Object({ product: Name, version: Name, file: ManifestFile }, { additionalProperties: false })),
    ),
    chromatof: Type.Optional(ChromatofSection),
    /** Metallographics firmware: releases per instrument; the highest version of each is its latest. */
    firmware: Type.Optional(Type.Array(ManifestFirmwareRelease)),
  },
  { additionalProperties: false, $id: 'CatalogueManifest' },
);
export type CatalogueManifest = Static<typeof CatalogueManifest>;
export type ManifestFile = Static<typeof ManifestFile>;

/** The publishing screen's routes (docs/api.md#publishing), for the `publisher` role. */
export const PUBLISHING_PATHS = {
  /** GET: every published file, live or withdrawn, with where it is published. */
  files: '/v1/publishing/files',
  /** POST: withdraw a published file, with a reason. */
  withdrawal: '/v1/publishing/files/:fileId/withdrawal',
  /** POST: restore a withdrawn file. */
  restoration: '/v1/publishing/files/:fileId/restoration',
  /** GET: the catalogue's change history, newest first. */
  changes: '/v1/publishing/changes',
  /** GET: one change with its full diff. */
  change: '/v1/publishing/changes/:changeId',
  /** GET: the drafts in progress; POST: a new draft from a catalogue.json body. */
  drafts: '/v1/publishing/drafts',
  /** GET: one draft; PUT: replace its entries with a catalogue.json body; DELETE: discard it. */
  draft: '/v1/publishing/drafts/:draftId',
  /** POST: the draft's diff against the live catalogue, and what one customer's lookups list after it (ID in the body). */
  preview: '/v1/publishing/drafts/:draftId/preview',
  /** POST: publish the draft, with the catalogue version its preview answered. */
  publication: '/v1/publishing/drafts/:draftId/publication',
  /**
   * POST: a file for a draft, named by the SHA-256 the browser computed, with its name and
   * size: answers whether its bytes must still be uploaded (a stored SHA-256 is not sent again),
   * and refuses a size past PUBLISH_MAX_FILE_BYTES before any byte is sent.
   */
  draftFiles: '/v1/publishing/drafts/:draftId/files',
  /**
   * The tus 1.0 endpoint for a draft's file bytes: POST creates an upload (Upload-Metadata
   * UPLOAD_METADATA_KEYS), HEAD, PATCH and DELETE address `uploads/:uploadId`.
   */
  uploads: '/v1/publishing/uploads',
} as const;

/** The Publishing screen's address of one change's full diff (what `portal-publish` prints after a publish). */
export const publishingChangePage = (changeId: number) => `/service/publishing?change=${changeId}`;

/**
 * The bytes of one PATCH the publishing screen sends: a dropped connection loses at most this
 * much, and the bench (bench/publish-upload.bench.mjs) measures uploads in the same chunks.
 */
export const UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * The tus Upload-Metadata a draft's upload carries: the draft, the SHA-256 its bytes must have,
 * the file's name. `sha256` may be left out at creation and named later by the claim that gives
 * the upload's ID (DraftFileClaim.uploadId, decision 282): the file is sent while it is hashed.
 */
export const UPLOAD_METADATA_KEYS = { draftId: 'draftId', sha256: 'sha256', name: 'filename' } as const;

/** An upload's ID, as the server gives it at creation (the last part of its Location). */
export const UPLOAD_ID_PATTERN = '^[0-9a-f]{32}$';

/** An upload's address (PUBLISHING_PATHS.uploads + `/:uploadId`): the ID the server gave it at creation. */
export const UploadParams = Type.Object({ uploadId: Type.String({ pattern: UPLOAD_ID_PATTERN }) });
export type UploadParams = Static<typeof UploadParams>;

/** No upload has this ID (any more): it completed, was discarded (nothing kept) or expired. */
export const NO_UPLOAD_MESSAGE =
  'No upload in progress has this address: it completed, was discarded or expired. Start it again.';
/** A claim named an upload created for another draft: its bytes are that draft's to name. */
export const UPLOAD_OF_ANOTHER_DRAFT_MESSAGE = 'This upload was created for another draft: claim the file there.';
/** A claim named an upload whose bytes are already named by another SHA-256. */
export const UPLOAD_NAMED_ALREADY_MESSAGE =
  'This upload already names another SHA-256: its bytes are checked against that one. Start a new upload for this file.';
/** A claim's size is not its upload's Upload-Length: they cannot be the same file. */
export function uploadSizeMismatchMessage(uploadBytes: number, claimedBytes: number): string {
  return `This upload is ${uploadBytes} bytes long, not the ${claimedBytes} the claim states: they are not the same file.`;
}

/**
 * A file past PUBLISH_MAX_FILE_BYTES, refused before any byte is sent (by the claim and by the
 * upload's creation alike), so the screen can show the server's own words before it starts.
 */
export function fileTooLargeMessage(sizeBytes: number, maxBytes: number): string {
  return `This file is ${sizeInWords(sizeBytes)}; a publisher may upload at most ${sizeInWords(maxBytes)} (PUBLISH_MAX_FILE_BYTES).`;
}

/** The bytes received are not the ones the draft names: the partial file is deleted, nothing kept. */
export function uploadDigestMismatchMessage(received: string, named: string): string {
  return `The uploaded bytes have SHA-256 ${received}, not the ${named} the draft names: nothing was kept.`;
}

export const UPLOAD_FILE_NAME_MESSAGE =
  "A file's name has 1-255 characters and no /, \\, .., NUL or other control characters.";
export const UPLOAD_SHA256_MESSAGE = 'The upload must name the SHA-256 of its bytes: 64 lower-case hex digits.';
export const UPLOAD_DRAFT_MESSAGE = 'The upload must name a draft in progress (draftId).';
/** An upload the server failed (a fault other than a full disk or the database away): the client may try again. */
export const UPLOAD_FAILED_MESSAGE = 'The upload failed on the server. Try again.';
export const UPLOAD_LENGTH_MESSAGE =
  'The upload must state its length (Upload-Length) when it is created: a deferred length is not accepted.';

/** Why a file's name is refused (UPLOAD_FILE_NAME_MESSAGE), or undefined for a good one. */
export function uploadNameProblem(name: string): string | undefined {
  const refused =
    name.length < 1 ||
    name.length > FILE_NAME_MAX_CHARS ||
    /[/\\]/.test(name) ||
    name.includes('..') ||
    /\p{Cc}/u.test(name);
  return refused ? UPLOAD_FILE_NAME_MESSAGE : undefined;
}

/** How a change set reached the catalogue: the import command, or the publishing screen. */
export const CATALOGUE_CHANGE_DOORS = ['cli', 'browser', 'api-token'] as const;
export type CatalogueChangeDoor = (typeof CATALOGUE_CHANGE_DOORS)[number];

export const FILE_ALREADY_WITHDRAWN_MESSAGE = 'This file is already withdrawn.';
export const FILE_NOT_WITHDRAWN_MESSAGE = 'This file is not withdrawn.';
export const NO_PUBLISHED_FILE_MESSAGE = 'No published file has this ID.';
export const NO_CATALOGUE_CHANGE_MESSAGE = 'No change to the catalogue has this number.';

// In a module of its own, so the broken download link's page names it without these schemas (decision 165).
export { fileWithdrawnMessage } from './download-link-page';

export const PublishedFileParams = Type.Object({ fileId: Type.String({ format: 'uuid' }) });
export type PublishedFileParams = Static<typeof PublishedFileParams>;

const Reason = Type.String({ minLength: 1, maxLength: WITHDRAWAL_REASON_MAX_CHARS, pattern: '\\S' });

export const WithdrawFile = Type.Object({ reason: Reason }, { additionalProperties: false });
export type WithdrawFile = Static<typeof WithdrawFile>;

/** A restoration needs no reason; one given is kept in the history and the audit log. */
export const RestoreFile = Type.Object({ reason: Type.Optional(Reason) }, { additionalProperties: false });
export type RestoreFile = Static<typeof RestoreFile>;

export const PublishedFile = Type.Object({
  id: Type.String(),
  name: Type.String(),
  contentType: Type.String(),
  sizeBytes: Type.Integer({ minimum: 0 }),
  sha256: Type.String(),
  publishedAt: Type.String({ format: 'date-time' }),
  /** Where it is published: a section of the catalogue and the entry's key ("pibs", "Cornerstone 2.10.0 std"). */
  uses: Type.Array(Type.Object({ section: Type.String(), key: Type.String() })),
  withdrawn: Type.Union([
    Type.Object({ at: Type.String({ format: 'date-time' }), by: Type.String(), reason: Type.String() }),
    Type.Null(),
  ]),
});
export type PublishedFile = Static<typeof PublishedFile>;

/**
 * A page of published files (docs/publishing.md#published-files): `nextCursor` asks for the
 * page after it, `previousCursor` for the page before; null when there is none.
 */
export const PublishedFilePage = Type.Object(
  {
    files: Type.Array(PublishedFile),
    nextCursor: Type.Union([Type.String(), Type.Null()]),
    previousCursor: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'PublishedFilePage' },
);
export type PublishedFilePage = Static<typeof PublishedFilePage>;

/** A withdrawal's or restoration's answer: the file as it is now. */
export const PublishedFileAnswer = Type.Object({ file: PublishedFile }, { $id: 'PublishedFileAnswer' });
export type PublishedFileAnswer = Static<typeof PublishedFileAnswer>;

/**
 * The orders of the published files: by the date published, the name, the size, or where the
 * file is published (its first use's section, product and version, in natural order: 2.9 before
 * 2.10). A leading `-` reverses: `-published`, newest first, is the default.
 */
export const PUBLISHED_FILE_SORTS = [
  '-published',
  'published',
  'name',
  '-name',
  '-size',
  'size',
  'where',
  '-where',
] as const;
export type PublishedFileSort = (typeof PUBLISHED_FILE_SORTS)[number];
export const PUBLISHED_FILE_STATES = ['all', 'live', 'withdrawn'] as const;
export type PublishedFileState = (typeof PUBLISHED_FILE_STATES)[number];
export const PUBLISHED_FILES_DEFAULT_LIMIT = 50;
export const PUBLISHED_FILES_MAX_LIMIT = 500;
/** The longest filter text: a file's name, a SHA-256 or where it is published fits well within it. */
export const PUBLISHED_FILES_QUERY_MAX_CHARS = 300;
/** The longest cursor the server hands out is far shorter (a sort key and a file ID). */
export const PUBLISHED_FILES_CURSOR_MAX_CHARS = 2_000;
export const PUBLISHED_FILES_CURSOR_MESSAGE =
  'This cursor is not one the portal gave for this order of files: start again from the first page.';

export const PublishedFilesQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: PUBLISHED_FILES_MAX_LIMIT,
        default: PUBLISHED_FILES_DEFAULT_LIMIT,
        description: `Files per page, 1-${PUBLISHED_FILES_MAX_LIMIT}`,
      }),
    ),
    /** A page's `nextCursor` or `previousCursor`, for the same sort. */
    cursor: Type.Optional(
      Type.String({ minLength: 1, maxLength: PUBLISHED_FILES_CURSOR_MAX_CHARS, pattern: '^[A-Za-z0-9_-]+$' }),
    ),
    /** Found in the name (any case), the start of the SHA-256, or where the file is published ("PIBs Cornerstone 2.10.0"). */
    q: Type.Optional(Type.String({ maxLength: PUBLISHED_FILES_QUERY_MAX_CHARS })),
    state: Type.Optional(
      Type.Unsafe<PublishedFileState>(
        Type.Union(
          PUBLISHED_FILE_STATES.map((state) => Type.Literal(state)),
          { default: 'all' },
        ),
      ),
    ),
    sort: Type.Optional(
      Type.Unsafe<PublishedFileSort>(
        Type.Union(
          PUBLISHED_FILE_SORTS.map((sort) => Type.Literal(sort)),
          { default: '-published' },
        ),
      ),
    ),
  },
  { additionalProperties: false },
);
export type PublishedFilesQuery = Static<typeof PublishedFilesQuery>;

/** What each section of the catalogue is called on the screens (the API names them as the import summary does). */
export const CATALOGUE_SECTION_WORDS: Record<string, string> = {
  files: 'files',
  families: 'families',
  versions: 'versions',
  versionFamilies: 'version availability',
  registrations: 'registration and key IDs',
  pibs: 'PIBs',
  dsvs: 'DSVs',
  releaseNotes: 'release notes',
  options: 'options',
  configurations: 'configurations',
  chromatofReleases: 'ChromaTOF releases',
  chromatofFiles: 'ChromaTOF files',
  firmware: 'firmware releases',
  sboms: 'software bills of materials',
  passwordReset: 'password reset settings',
  managers: 'registration managers',
};
export const catalogueSectionWords = (section: string) => CATALOGUE_SECTION_WORDS[section] ?? section;

/** What a change did to one section of the catalogue. */
export const ChangeCounts = Type.Object({
  added: Type.Integer({ minimum: 0 }),
  changed: Type.Integer({ minimum: 0 }),
  withdrawn: Type.Integer({ minimum: 0 }),
  restored: Type.Integer({ minimum: 0 }),
});
export type ChangeCounts = Static<typeof ChangeCounts>;

export const CatalogueChange = Type.Object({
  id: Type.Integer(),
  occurredAt: Type.String({ format: 'date-time' }),
  /** A staff e-mail address, or `cli`. */
  actor: Type.String(),
  door: Type.Unsafe<CatalogueChangeDoor>(Type.Union(CATALOGUE_CHANGE_DOORS.map((door) => Type.Literal(door)))),
  /** SHA-256 of the change set (docs/publishing.md#the-history), lower-case hex. */
  digest: Type.String(),
  /** By section (the import summary's names: versions, pibs, dsvs, firmware, files, …); sections left unchanged are absent. */
  summary: Type.Record(Type.String(), ChangeCounts),
  /** The reason a withdrawal or restoration gave. */
  reason: Type.Union([Type.String(), Type.Null()]),
});
export type CatalogueChange = Static<typeof CatalogueChange>;

export const CatalogueChangeList = Type.Object(
  {
    changes: Type.Array(CatalogueChange),
    /** Give it as `before` for the next (older) page; null on the last page. */
    nextBefore: Type.Union([Type.Integer(), Type.Null()]),
  },
  { $id: 'CatalogueChangeList' },
);
export type CatalogueChangeList = Static<typeof CatalogueChangeList>;

export const CATALOGUE_CHANGES_PAGE_LIMIT = 100;
export const CatalogueChangesQuery = Type.Object(
  {
    /** Changes numbered below this one (the previous page's last). */
    before: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  },
  { additionalProperties: false },
);
export type CatalogueChangesQuery = Static<typeof CatalogueChangesQuery>;

export const CatalogueChangeParams = Type.Object({
  changeId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
});

export const CATALOGUE_DIFF_OUTCOMES = ['added', 'changed', 'removed', 'withdrawn', 'restored'] as const;
export type CatalogueDiffOutcome = (typeof CATALOGUE_DIFF_OUTCOMES)[number];

/** One row the change added, changed, removed, withdrew or restored; fields as JSON text, null when absent. */
export const CatalogueDiffEntry = Type.Object({
  section: Type.String(),
  key: Type.String(),
  outcome: Type.Unsafe<CatalogueDiffOutcome>(
    Type.Union(CATALOGUE_DIFF_OUTCOMES.map((outcome) => Type.Literal(outcome))),
  ),
  fields: Type.Array(
    Type.Object({
      field: Type.String(),
      before: Type.Union([Type.String(), Type.Null()]),
      after: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
export type CatalogueDiffEntry = Static<typeof CatalogueDiffEntry>;

export const CatalogueChangeDetail = Type.Object(
  { change: CatalogueChange, diff: Type.Array(CatalogueDiffEntry) },
  { $id: 'CatalogueChangeDetail' },
);
export type CatalogueChangeDetail = Static<typeof CatalogueChangeDetail>;

/** Drafts (docs/publishing.md#drafts): a catalogue.json kept on the server until it is published. */

export const NO_DRAFT_MESSAGE = 'No draft in progress has this ID.';
export const DRAFT_ALREADY_PUBLISHED_MESSAGE = 'This draft has already been published.';
export const CATALOGUE_CHANGED_SINCE_PREVIEW_MESSAGE = 'The catalogue changed since you previewed this draft';
export const DRAFT_HAS_PROBLEMS_MESSAGE = 'This draft has problems: correct them before publishing.';
export const DRAFT_NOT_A_MANIFEST_MESSAGE = 'This is not a catalogue.json: see the problems.';
export function draftAwaitingUploadMessage(names: string[]): string {
  return `Files awaiting upload: ${names.join(', ')}. Upload them before publishing.`;
}

/** A problem of a draft's manifest: the entry or field it concerns (`pibs[0].effectiveDate`, empty for the whole), in the CLI's words. */
/**
 * A draft's entries: a catalogue.json, with its files named by SHA-256. Any JSON object is
 * taken here, so the server can name each problem of its shape (DraftRefused).
 */
export const DraftManifestBody = Type.Unsafe<CatalogueManifest>(
  Type.Object({}, { additionalProperties: true, description: 'A catalogue.json (CatalogueManifest)' }),
);

export const ManifestProblem = Type.Object({ path: Type.String(), message: Type.String() });
export type ManifestProblem = Static<typeof ManifestProblem>;

/**
 * A file a draft names by SHA-256: `stored` when a published file already has those bytes
 * (not uploaded again), `uploaded` when its upload for a draft completed and the server's
 * SHA-256 of the bytes matched, else `awaiting upload`.
 */
export const DRAFT_FILE_STATES = ['stored', 'uploaded', 'awaiting upload'] as const;
export type DraftFileState = (typeof DRAFT_FILE_STATES)[number];

export const DraftFile = Type.Object({
  sha256: Type.String(),
  /** The name the entry gives, else the stored file's; null while neither is known. */
  name: Type.Union([Type.String(), Type.Null()]),
  state: Type.Unsafe<DraftFileState>(Type.Union(DRAFT_FILE_STATES.map((state) => Type.Literal(state)))),
  /** Its length when stored or uploaded; null while awaiting upload. */
  sizeBytes: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
});
export type DraftFile = Static<typeof DraftFile>;

/**
 * A file a publisher adds to a draft: the SHA-256 the browser computed, its name and size, and
 * optionally the upload created for its bytes before that SHA-256 was known (decision 282):
 * the claim names the upload's bytes, which the server's SHA-256 of them then must match.
 */
export const DraftFileClaim = Type.Object(
  {
    sha256: Type.String({ pattern: SHA256_PATTERN }),
    name: Type.String({ minLength: 1, maxLength: FILE_NAME_MAX_CHARS }),
    sizeBytes: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
    uploadId: Type.Optional(Type.String({ pattern: UPLOAD_ID_PATTERN })),
  },
  { additionalProperties: false },
);
export type DraftFileClaim = Static<typeof DraftFileClaim>;

export const DraftSummary = Type.Object({
  id: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  createdBy: Type.String(),
  updatedAt: Type.String({ format: 'date-time' }),
  updatedBy: Type.String(),
  /** When it is swept unless changed again (DRAFT_EXPIRY_DAYS after the last change). */
  expiresAt: Type.String({ format: 'date-time' }),
});
export type DraftSummary = Static<typeof DraftSummary>;

export const DraftList = Type.Object({ drafts: Type.Array(DraftSummary) }, { $id: 'DraftList' });
export type DraftList = Static<typeof DraftList>;

export const Draft = Type.Object(
  {
    draft: DraftSummary,
    /** As the publisher gave it (checked: see `problems`). */
    manifest: DraftManifestBody,
    files: Type.Array(DraftFile),
    problems: Type.Array(ManifestProblem),
  },
  { $id: 'Draft' },
);
export type Draft = Static<typeof Draft>;

/** A body refused as a whole: nothing is stored. With its problems when it is JSON but not a catalogue.json. */
export const DraftRefused = Type.Object({
  message: Type.String(),
  problems: Type.Optional(Type.Array(ManifestProblem)),
});
export type DraftRefused = Static<typeof DraftRefused>;

export const DraftParams = Type.Object({ draftId: Type.String({ format: 'uuid' }) });
export type DraftParams = Static<typeof DraftParams>;

/** Whose lookups to preview: a registration ID or a key ID, in the body so that no log has it. */
export const DraftPreviewRequest = Type.Object(
  {
    registrationId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    keyId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  },
  { additionalProperties: false },
);
export type DraftPreviewRequest = Static<typeof DraftPreviewRequest>;

/** What one customer's lookups list: versions, PIBs, DSVs, ChromaTOF releases, each as its entry's key. */
export const LookupListing = Type.Object({
  versions: Type.Array(Type.String()),
  pibs: Type.Array(Type.String()),
  dsvs: Type.Array(Type.String()),
  chromatofReleases: Type.Array(Type.String()),
});
export type LookupListing = Static<typeof LookupListing>;

export const SectionPreview = Type.Object({
  added: Type.Integer({ minimum: 0 }),
  changed: Type.Integer({ minimum: 0 }),
  withdrawn: Type.Integer({ minimum: 0 }),
  restored: Type.Integer({ minimum: 0 }),
  /** Entries the draft names that publishing leaves as they are. */
  unchanged: Type.Integer({ minimum: 0 }),
});

export const DraftPreview = Type.Object(
  {
    /** Give it back to publish: the catalogue version (its newest change's number, 0 before any) this preview is of. */
    catalogueVersion: Type.Integer({ minimum: 0 }),
    sections: Type.Record(Type.String(), SectionPreview),
    diff: Type.Array(CatalogueDiffEntry),
    problems: Type.Array(ManifestProblem),
    files: Type.Array(DraftFile),
    /** With a registration ID or key ID asked: what its lookups list now and after the publish; null for an unknown or revoked ID. */
    lookups: Type.Union([Type.Object({ before: LookupListing, after: LookupListing }), Type.Null()]),
  },
  // No $id: the 409 of a stale publish embeds it.
);
export type DraftPreview = Static<typeof DraftPreview>;

export const PublishDraft = Type.Object(
  { catalogueVersion: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }) },
  { additionalProperties: false },
);
export type PublishDraft = Static<typeof PublishDraft>;

/** A publish refused (409): the message; when the catalogue changed since the preview, the preview as it is now. */
export const DraftPublishRefused = Type.Object({ message: Type.String(), preview: Type.Optional(DraftPreview) });
export type DraftPublishRefused = Static<typeof DraftPublishRefused>;

export const DraftPublished = Type.Object({ change: CatalogueChange }, { $id: 'DraftPublished' });
export type DraftPublished = Static<typeof DraftPublished>;
