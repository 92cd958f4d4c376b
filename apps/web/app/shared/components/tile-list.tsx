import type { ComponentType } from 'react';
import { LocalLink } from '../i18n/local-link';
import type { IconProps } from './icons';
import { ArrowRightIcon } from './icons/tile-icons';
import styles from './tile-list.module.css';

export interface Tile {
  title: string;
  to: string;
  text: string;
  /** The product's or tool's icon (shared/components/icons), drawn decoratively. */
  icon?: ComponentType<IconProps>;
}

/** Cards that each lead to a page; the whole card is the target, the title is the link's name. */
export function TileList({ tiles, headingLevel = 2 }: { tiles: readonly Tile[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className={styles.tiles}>
      {tiles.map(({ icon: TileIcon, ...tile }) => (
        <li key={tile.to} className={styles.tile}>
          {TileIcon && <TileIcon className={styles.icon} size={40} />}
          <Heading className={styles.tileTitle}>
            <LocalLink to={tile.to} className={styles.tileLink}>
              {tile.title}
            </LocalLink>
          </Heading>
          <p>{tile.text}</p>
          <ArrowRightIcon className={styles.arrow} size={20} />
        </li>
      ))}
    </ul>
  );
}
