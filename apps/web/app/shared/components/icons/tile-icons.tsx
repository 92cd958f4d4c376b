/* The icons of the tile lists: the product families (Home's tiles, each family's page) and a tile's arrow (docs/web-app.md, "Icons"). */
import { Icon, type IconProps } from './icon';

/** Cornerstone: the instrument software's window with a result trace. */
export function CornerstoneIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="2.5" y="4" width="19" height="13" rx="1.5" />
      <path d="M8 21h8M12 17v4" />
      <path d="M5.5 13.5l3-4 3 2.5 3-5 3.5 6.5" />
    </Icon>
  );
}

/** ChromaTOF: a chromatogram's peaks over a baseline. */
export function ChromatofIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 20h18" />
      <path d="M3 19c2 0 2.5-1 3.5-7s1.5-7 2-7 1 3 2 9 1 5 2 5 1-4 2-6 1-3 1.5-3 1 4 2 7 1.5 2 3 2" />
    </Icon>
  );
}

/** Cornerstone Mobile: a phone. */
export function MobileIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="6.5" y="2.5" width="11" height="19" rx="2" />
      <path d="M10.5 18.5h3" />
    </Icon>
  );
}

/** Metallographics: a microscope. */
export function MetallographicsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 3.5l3 1.5-3.5 7-3-1.5z" />
      <path d="M7.5 12.5l-1 2" />
      <path d="M11 8.5a6 6 0 0 1 2.5 11" />
      <path d="M4 21h16M8 18h6" />
    </Icon>
  );
}

/** An arrow pointing onward, for "go there" links. */
export function ArrowRightIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4.5 12h15M14 6.5l5.5 5.5-5.5 5.5" />
    </Icon>
  );
}
