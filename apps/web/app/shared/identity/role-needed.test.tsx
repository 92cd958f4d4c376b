import { roleRequiredMessage, type Me } from '@portal/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Outcome } from '../outcome/outcome';
import { RoleNeeded } from './role-needed';
import { staffAccessView } from './staff-tool-page';

const render = (element: React.ReactElement) => renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>);

const me = (roles: Me['roles'], administrators = ['ada@company.com']): Outcome<Me> => ({
  kind: 'ok',
  data: { email: 'sam@company.com', roles, administrators },
});

describe('the role-needed page', () => {
  it('names the role the tool needs, what it allows, and whom to ask', () => {
    const html = render(<RoleNeeded role="service" administrators={['ada@company.com', 'bo@company.com']} />);
    expect(html).toContain('You need the Service role');
    expect(html).toContain(roleRequiredMessage('service'));
    expect(html).toContain('The administrators are:');
    expect(html).toContain('<a href="mailto:ada@company.com">ada@company.com</a>');
    expect(html).toContain('<a href="mailto:bo@company.com">bo@company.com</a>');
    expect(html).toContain('href="/service"');
  });

  it("shows the server's own refusal when the server refused", () => {
    const html = render(<RoleNeeded role="admin" message="Refused by the server." administrators={[]} />);
    expect(html).toContain('Refused by the server.');
    expect(html).toContain('No administrator is set up yet');
  });

  it('leaves out whom to ask when the portal could not say', () => {
    expect(render(<RoleNeeded role="admin" administrators={undefined} />)).not.toContain('administrator is');
  });
});

describe('the one role rule of the staff page frame', () => {
  it('shows a tool every staff member may use at once, whatever the roles', () => {
    expect(staffAccessView('staff', undefined, undefined)).toEqual({ show: 'tool' });
    expect(staffAccessView('staff', undefined, me([]))).toEqual({ show: 'tool' });
  });

  it('waits for the roles before showing a role tool', () => {
    expect(staffAccessView('service', undefined, undefined)).toEqual({ show: 'checking' });
  });

  it('shows the tool to a holder of its role, and to an administrator', () => {
    expect(staffAccessView('service', undefined, me(['service']))).toEqual({ show: 'tool' });
    expect(staffAccessView('service', undefined, me(['admin']))).toEqual({ show: 'tool' });
    expect(staffAccessView('admin', undefined, me(['admin']))).toEqual({ show: 'tool' });
  });

  it('shows the role-needed page, with the administrators, to anyone else', () => {
    expect(staffAccessView('admin', undefined, me(['service', 'publisher']))).toEqual({
      show: 'role-needed',
      role: 'admin',
      administrators: ['ada@company.com'],
    });
  });

  it("shows the role-needed page with the server's message when the server refused with 403", () => {
    const refused = { kind: 'failed', status: 403, message: roleRequiredMessage('service') } as const;
    // The roles read earlier still said service: the server's answer is newer.
    expect(staffAccessView('service', refused, me(['service']))).toEqual({
      show: 'role-needed',
      role: 'service',
      message: roleRequiredMessage('service'),
      administrators: ['ada@company.com'],
    });
  });

  it('leaves the decision to the server when the roles cannot be had', () => {
    const failed: Outcome<Me> = { kind: 'failed', status: 503, message: 'Down for maintenance.' };
    expect(staffAccessView('admin', undefined, failed)).toEqual({ show: 'tool' });
  });
});
