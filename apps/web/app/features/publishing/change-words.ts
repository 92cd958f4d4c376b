import { catalogueSectionWords, type CatalogueChange, type CatalogueChangeDoor } from '@portal/contracts';

export const sectionWords = catalogueSectionWords;

export const DOOR_WORDS: Record<CatalogueChangeDoor, string> = {
  cli: 'Command line',
  browser: 'Browser',
  'api-token': 'API token',
};

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
