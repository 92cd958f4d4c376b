import { describe, expect, it } from 'vitest';
import { ChartIcon } from '../../shared/components/icons';
import { tilesFor, type StaffTile } from './staff-tiles';

const tile = (destination: StaffTile['destination']): StaffTile => ({ destination, icon: ChartIcon, text: '' });
const TOOLS = [
  'serviceReleases',
  'serviceMode',
  'servicePasswordReset',
  'serviceUsage',
  'servicePeople',
  'serviceAudit',
].map((name) => tile(name as StaffTile['destination']));

const titles = (roles: Parameters<typeof tilesFor>[1]) => tilesFor(TOOLS, roles).map((shown) => shown.title);

describe('the service hub shows only the tiles the person may use', () => {
  it('shows a staff member without a role (or whose roles are not known yet) only the read-only tools', () => {
    expect(titles([])).toEqual(['Releases & PIBs']);
  });

  it('adds Service Mode and Password Reset for the service role', () => {
    expect(titles(['service'])).toEqual(['Releases & PIBs', 'Service Mode', 'Password Reset']);
  });

  it('shows an administrator every tool', () => {
    expect(titles(['admin'])).toEqual([
      'Releases & PIBs',
      'Service Mode',
      'Password Reset',
      'Usage',
      'People',
      'Audit Log',
    ]);
  });

  it("links each tile to its tool's page", () => {
    expect(tilesFor(TOOLS, ['admin']).map((shown) => shown.to)).toContain('/service/people');
  });
});
