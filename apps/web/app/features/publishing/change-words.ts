import type { CatalogueChange, CatalogueChangeDoor } from '@portal/contracts';

/** What each part of the summary is called on the screen (the API names them as the import summary does). */
const SECTION_WORDS: Record<string, string> = {
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

export const sectionWords = (section: string) => SECTION_WORDS[section] ?? section;

export const DOOR_WORDS: Record<CatalogueChangeDoor, string> = { cli: 'Command line', browser: 'Browser' };

/** "PIBs: 1 withdrawn; files: 1 withdrawn", or "No changes" for an import that changed nothing. */
export function summaryText(summary: CatalogueChange['summary']): string {
  const parts = Object.entries(summary).flatMap(([section, counts]) => {
    const said = (['added', 'changed', 'withdrawn', 'restored'] as const)
      .filter((outcome) => counts[outcome] > 0)
      .map((outcome) => `${counts[outcome]} ${outcome}`);
    return said.length === 0 ? [] : [`${sectionWords(section)}: ${said.join(', ')}`];
  });
  return parts.length === 0 ? 'No changes' : parts.join('; ');
}
