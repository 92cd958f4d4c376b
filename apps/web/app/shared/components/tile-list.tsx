import { Link } from 'react-router';
import styles from './tile-list.module.css';

export interface Tile {
  title: string;
  to: string;
  text: string;
}

/** Cards that each lead to a page; the whole card is the target, the title is the link's name. */
export function TileList({ tiles, headingLevel = 2 }: { tiles: readonly Tile[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className={styles.tiles}>
      {tiles.map((tile) => (
        <li key={tile.to} className={styles.tile}>
          <Heading className={styles.tileTitle}>
            <Link to={tile.to} className={styles.tileLink}>
              {tile.title}
            </Link>
          </Heading>
          <p>{tile.text}</p>
        </li>
      ))}
    </ul>
  );
}
