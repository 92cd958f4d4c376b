import { allows, type StaffRole } from '@portal/contracts';
import type { ComponentType } from 'react';
import type { IconProps } from '../../shared/components/icons';
import type { Tile } from '../../shared/components/tile-list';
import { DESTINATIONS, href, type DestinationName } from '../../shared/navigation/navigation';

/** A staff tool's tile: its destination (title, URL and who may use it) and what it is for. */
export interface StaffTile {
  destination: DestinationName;
  icon: ComponentType<IconProps>;
  text: string;
}

/**
 * The tiles this person may use: the tools their roles allow (`Destination.access`, read by
 * the staff page frame too). Without roles known yet, only the tools every staff member may use.
 */
export function tilesFor(tiles: readonly StaffTile[], roles: readonly StaffRole[]): Tile[] {
  return tiles
    .filter((tile) => allows(roles, DESTINATIONS[tile.destination].access ?? 'staff'))
    .map(({ destination, icon, text }) => ({
      title: DESTINATIONS[destination].title,
      to: href(destination),
      icon,
      text,
    }));
}
